// Prism's generator extends json-schema-faker with Faker 6 (`require('@faker-js/faker').default`),
// which loads every locale (~0.9 s). The bundle gives it the English-only build, shaped the same way.
const faker = require('@faker-js/faker/locale/en');
module.exports = { default: faker, faker };
