import type { Exchange } from './send-request.js';

/** An answer, its JSON body parsed when it is JSON. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  tooLarge: boolean;
  /** Present when the body parsed as JSON. */
  json?: { value: unknown };
}

export function toAnswer(exchange: Extract<Exchange, { kind: 'answer' }>): Answer {
  const answer: Answer = { status: exchange.status, headers: exchange.headers, text: exchange.text, tooLarge: exchange.tooLarge };
  if (!exchange.tooLarge && exchange.text.trim() !== '') {
    try {
      answer.json = { value: JSON.parse(exchange.text) as unknown };
    } catch {
      // Not JSON: the content-type and body checks say so.
    }
  }
  return answer;
}

/** At most 160 characters of a value, for a report. */
export function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) as string | undefined) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
