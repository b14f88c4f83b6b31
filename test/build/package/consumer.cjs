// require() of every entry, as CommonJS code on Node >= 20.19 does it.
const entries = ['petstore-mock', 'petstore-mock/fixtures', 'petstore-mock/msw', 'petstore-mock/storybook'];
console.log(JSON.stringify(Object.fromEntries(entries.map(entry => [entry, Object.keys(require(entry)).sort()]))));
