/** The public API by name: an export added or lost by accident fails here. */
export const PUBLIC_EXPORTS = {
  'petstore-mock': [
    'AdminError', 'DEFAULT_BODY_LIMIT', 'DEFAULT_HOST', 'DEFAULT_JOURNAL_SIZE', 'DEFAULT_MAX_PETS', 'DEFAULT_MAX_SESSIONS', 'DEFAULT_PETS', 'DEFAULT_PORT', 'DEFAULT_SEED',
    'ERROR_CODES', 'PET_STATUSES', 'SESSION_HEADER', 'SESSION_OPENED_HEADER', 'StoreFullError',
    'buildNewPet', 'buildPet', 'buildPets', 'createAdminClient', 'createEngine', 'createMockServer', 'createPetStore', 'createRequestJournal', 'createSessionRegistry',
    'handleFetch', 'isAdminError', 'loadDocument', 'locateDocument', 'verifyDeployment',
  ],
  'petstore-mock/fixtures': ['DEFAULT_SEED', 'PET_STATUSES', 'buildNewPet', 'buildPet', 'buildPets'],
  'petstore-mock/msw': ['AdminError', 'createHandlers', 'createPetstoreMock', 'handlers', 'isAdminError'],
  'petstore-mock/storybook': ['createPetstoreStorybook', 'petstoreStoryLoader'],
} as const;
