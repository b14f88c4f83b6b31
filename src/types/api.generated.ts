// Generated from openapi/petstore.yaml by scripts/render-api-types.ts; do not edit (npm run build rewrites it).

/** Allowed values of `PetStatus`, in the document's order. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

/** Availability of an animal. */
export type PetStatus = (typeof PET_STATUSES)[number];

/** The document's `NewPet` schema. */
export type NewPet = {
  /** The animal's name, at most 255 characters (the specification sets no bound; petstore-mock's choice). */
  name: string;
  /** Identifier of the category the animal belongs to. */
  categoryId: number;
  status?: PetStatus;
};

/** The document's `Pet` schema. */
export type Pet = {
  /** Unique identifier assigned by the service on creation. */
  id: number;
  /** The animal's name, at most 255 characters (the specification sets no bound; petstore-mock's choice). */
  name: string;
  /** Identifier of the category the animal belongs to. */
  categoryId: number;
  status?: PetStatus;
};

/** The document's `Pets` schema. */
export type Pets = Pet[];

/** The document's `Error` schema (`Error` is a global name). */
export type ApiError = {
  /** Machine-readable error code. The set is not shown by the specification; see the README for the codes the mock uses. */
  code: string;
  /** Human-readable description. */
  message: string;
  /** The HTTP status code of the response. */
  status: number;
};

/** What each operation answers, by status: the body type of each declared response (`null` with no body). */
export interface OperationResponses {
  /** `GET /pets`: List animals. */
  listPets: { 200: Pets; 400: ApiError; 401: ApiError; 500: ApiError; 503: ApiError };
  /** `POST /pets`: Add an animal. */
  createPet: { 201: Pet; 400: ApiError; 401: ApiError; 413: ApiError; 415: ApiError; 500: ApiError; 503: ApiError; 507: ApiError };
  /** `GET /pets/{petId}`: Read one animal (deprecated). */
  getPet: { 200: Pet; 400: ApiError; 401: ApiError; 404: ApiError; 410: ApiError; 500: ApiError; 503: ApiError };
  /** `GET /store/orders`: List store orders (shape not shown). */
  listStoreOrders: { 400: ApiError; 401: ApiError; 500: ApiError; 501: ApiError; 503: ApiError };
}

/** The request body each operation takes (`null` for none). */
export interface OperationRequestBodies {
  /** `GET /pets`: List animals. */
  listPets: null;
  /** `POST /pets`: Add an animal. */
  createPet: NewPet;
  /** `GET /pets/{petId}`: Read one animal (deprecated). */
  getPet: null;
  /** `GET /store/orders`: List store orders (shape not shown). */
  listStoreOrders: null;
}

export type OperationId = keyof OperationResponses;
