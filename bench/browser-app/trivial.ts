import { http, HttpResponse } from 'msw';
import { measure } from './measure.js';
import pets from '../../fixtures/pets.json' with { type: 'json' };

await measure([http.get('*/v1/pets', () => HttpResponse.json(pets))]);
