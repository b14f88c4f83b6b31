import { setupWorker } from 'msw/browser';
import { createPetstoreMock } from 'petstore-mock/msw';

/** The Animal Store, kept in sessionStorage so that a reload keeps the pets you added. */
export const petstore = createPetstoreMock({ persist: 'sessionStorage' });

export const worker = setupWorker(...petstore.handlers);
