// Prism's validator matches a request's path against the operation's template with uri-template-lite,
// whose `URI.Template` writes each template's matcher as source text and makes it a function with
// `Function(...)`: refused by a page whose Content-Security-Policy lacks 'unsafe-eval'. This
// build-time edit of uri-template-lite 22.9 makes the same matcher as a closure over the same steps
// (for each variable, in order: the match group, the separator it splits on, whether it is exploded).
// It also keeps each template's matcher, made once: Prism makes `new URI.Template(operation.path)`
// for every request it validates, and making the matcher (a regular expression written from the
// template) was about a tenth of Prism's validation of a create or a read. A matcher holds no state
// between matches (its expression is not global), so one serves every request.
// The build fails if the text it edits is not there (another release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const STEP = `				fnStr += "t=($[" + pos + "]||'').split('" + (mod ? named ? sep + name + "=" : sep : ",") + "').map(d);"
				fnStr += "o[\\"" + name + "\\"]=" + (mod[1] === "" ? "t;" : "t.length>1?t:t[0];")`;

const STEP_AS_DATA = `				steps.push({ group: pos, separator: mod ? named ? sep + name + "=" : sep : ",", name: name, exploded: mod[1] === "" })`;

const FUNCTION = `		, fn = Function("$,d", "var t,o={};" + fnStr + "return o")`;

// What the generated source did, statement by statement: `t=($[group]||'').split(separator).map(d);
// o["name"]=exploded ? t : t.length>1?t:t[0];` for each step, then `return o`.
const CLOSURE = `		, fn = function($, d) {
			var t, o = {}
			for (var i = 0; i < steps.length; i++) {
				var step = steps[i]
				t = ($[step.group] || '').split(step.separator).map(d)
				o[step.name] = step.exploded ? t : t.length > 1 ? t : t[0]
			}
			return o
		}`;

const DECLARATION = `		, fnStr = ""`;
const DECLARATION_WITH_STEPS = `		, fnStr = ""
		, steps = []`;

const CONSTRUCTOR = `	URI.Template = function Template(template) {
		var self = this`;
// Templates kept, at most: a document's paths (Prism makes one per operation's path); past it, each is made afresh.
const CONSTRUCTOR_KEEPING = `	var madeTemplates = new Map()
	URI.Template = function Template(template) {
		var made = madeTemplates.get(template)
		if (made) return made
		if (madeTemplates.size < 4096) madeTemplates.set(template, this)
		var self = this`;

/** The edited text of uri-template-lite's index.js. Throws when the expected text is missing. */
export function templateWithoutEval(source) {
  if (![STEP, FUNCTION, DECLARATION, CONSTRUCTOR].every(text => source.includes(text))) {
    throw new Error('prism-uri-template: uri-template-lite no longer builds its matcher with Function() as expected; review scripts/prism-uri-template.mjs for this release.');
  }
  return source.replace(DECLARATION, DECLARATION_WITH_STEPS).replace(STEP, STEP_AS_DATA).replace(FUNCTION, CLOSURE).replace(CONSTRUCTOR, CONSTRUCTOR_KEEPING);
}

export const prismUriTemplateWithoutEval = {
  name: 'prism-uri-template-without-eval',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]uri-template-lite[\\/]index\.js$/ }, async args => ({
      contents: templateWithoutEval(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
