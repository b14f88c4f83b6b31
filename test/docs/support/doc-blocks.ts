// The fenced blocks of README.md and docs/*.md, with what their marker says: the file a block is in
// a reader's project, which project, and the tool that runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How a block is run, as its marker names it. */
export const TOOLS = ['vitest', 'tsx', 'tsc', 'vite build + Chromium', 'storybook build + Chromium', 'bash', 'docker-compose config', 'GitHub Actions'] as const;
export type Tool = (typeof TOOLS)[number];

/** A fenced block: where it is, its info string, its text, and its marker (the HTML comment on the line before), if any. */
export interface DocBlock {
  /** `README.md:12`, `docs/browser.md:40`. */
  where: string;
  language: string;
  code: string;
  marker: BlockMarker | undefined;
  /** The prose a reader sees before the block (the marker, an HTML comment, is not shown): its last paragraph. */
  lead: string;
}

/**
 * `<!-- file: src/main.ts · project: app · run: vite build + Chromium -->`: the block is that file
 * (`file: … (continued)` appends to the block before it of the same file), in that project (default
 * `app`), run by that tool; `· why: …` says why a tool that does not run it (tsc) is the right one.
 */
export interface BlockMarker {
  file: string;
  continued: boolean;
  project: string;
  run: Tool;
  why: string | undefined;
}

/** Languages whose unmarked blocks are output shown to the reader (a transcript, a body, a report), never pasted as a file. */
export const SHOWN_LANGUAGES = new Set(['console', 'json', 'text', 'xml']);

/** README.md and every page of docs/ (not docs/decisions/), by path relative to the repository. */
export function readDocPages(root: string): Map<string, string> {
  const pages = new Map<string, string>([['README.md', readFileSync(join(root, 'README.md'), 'utf8')]]);
  for (const name of readdirSync(join(root, 'docs')).filter(name => name.endsWith('.md')).sort()) pages.set(`docs/${name}`, readFileSync(join(root, 'docs', name), 'utf8'));
  return pages;
}

/** Every fenced block of the pages, in order. A marker that does not parse throws, naming where it is. */
export function readDocBlocks(pages: ReadonlyMap<string, string>): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const [page, text] of pages) {
    for (const match of text.matchAll(/^```([\w-]*)\n([\s\S]*?)^```$/gm)) {
      const before = text.slice(0, match.index).trimEnd();
      const where = `${page}:${before.split('\n').length + 1}`;
      const comment = /<!-- (file: .+?) -->$/.exec(before)?.[1];
      const shown = (comment === undefined ? before : before.slice(0, before.lastIndexOf('<!--'))).trimEnd();
      const lead = shown.slice(shown.lastIndexOf('\n\n') + 2);
      blocks.push({ where, language: match[1] ?? '', code: match[2] ?? '', marker: comment === undefined ? undefined : parseMarker(comment, where), lead });
    }
  }
  return blocks;
}

function parseMarker(comment: string, where: string): BlockMarker {
  const fields = new Map(comment.split(' · ').map(part => {
    const colon = part.indexOf(': ');
    return [part.slice(0, colon), part.slice(colon + 2)] as const;
  }));
  const file = fields.get('file') ?? '';
  const run = fields.get('run') as Tool | undefined;
  if (run === undefined || !TOOLS.includes(run)) throw new Error(`${where}: the marker's run is ${String(run)}, not one of ${TOOLS.join(', ')}.`);
  const unknown = [...fields.keys()].filter(key => !['file', 'project', 'run', 'why'].includes(key));
  if (unknown.length > 0) throw new Error(`${where}: the marker has fields it should not: ${unknown.join(', ')}.`);
  const continued = file.endsWith(' (continued)');
  return { file: continued ? file.slice(0, -' (continued)'.length) : file, continued, project: fields.get('project') ?? 'app', run, why: fields.get('why') };
}

/** A project's files, by path: the marked blocks of that project, a continued block appended to its file; two different blocks for one file throw. */
export function projectFiles(blocks: readonly DocBlock[], project: string): Map<string, { code: string; run: Tool; where: string[] }> {
  const files = new Map<string, { code: string; run: Tool; where: string[] }>();
  for (const { marker, code, where } of blocks) {
    if (marker?.project !== project) continue;
    const file = files.get(marker.file);
    if (marker.continued) {
      if (!file) throw new Error(`${where}: continues ${marker.file}, which no block before it starts.`);
      file.code += code;
      file.where.push(where);
    } else if (file === undefined) {
      files.set(marker.file, { code, run: marker.run, where: [where] });
    } else if (file.code !== code) {
      // The README repeats a page's block word for word; anything else is two files under one name.
      throw new Error(`${where} and ${file.where.join(', ')} are both ${marker.file} of project ${project}, with different text.`);
    }
  }
  return files;
}
