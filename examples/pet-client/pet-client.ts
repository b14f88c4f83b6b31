// A small fetch-based client for the Animal Store API, as a client team would write one.
import type { ApiError, NewPet, Pet, PetStatus } from 'petstore-mock/fixtures';

export class PetApiError extends Error {
  override name = 'PetApiError' as const;
  constructor(readonly status: number, readonly body: ApiError) {
    super(`${body.code}: ${body.message}`);
  }
}

export interface Deprecation {
  deprecatedAt: Date;
  sunset: Date;
  successor: string | undefined;
}

export function createPetClient(baseUrl: string, apiKey: string) {
  async function call(path: string, init: RequestInit = {}): Promise<{ data: unknown; response: Response }> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${apiKey}`);
    headers.set('content-type', 'application/json');
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
    if (!response.ok) throw new PetApiError(response.status, (await response.json()) as ApiError);
    return { data: await response.json(), response };
  }

  return {
    async listPets(query: { limit?: number; status?: PetStatus } = {}): Promise<Pet[]> {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      return (await call(`/pets?${search.toString()}`)).data as Pet[];
    },
    async createPet(pet: NewPet): Promise<Pet> {
      return (await call('/pets', { method: 'POST', body: JSON.stringify(pet) })).data as Pet;
    },
    /** Deprecated by the API; returns the sunset details so the app can warn. */
    async getPet(id: number): Promise<{ pet: Pet; deprecation: Deprecation }> {
      const { data, response } = await call(`/pets/${id}`);
      const deprecatedAt = new Date(Number(response.headers.get('deprecation')?.slice(1)) * 1000);
      const sunset = new Date(response.headers.get('sunset') ?? '');
      const successor = /<([^>]+)>;\s*rel="successor-version"/.exec(response.headers.get('link') ?? '')?.[1];
      return { pet: data as Pet, deprecation: { deprecatedAt, sunset, successor } };
    },
  };
}
