import { createPetstoreMock } from 'petstore-mock/msw';
import { measure } from './measure.js';

await measure(createPetstoreMock().handlers);
