/**
 * Lays a raw JSON line out on several indented lines by moving only whitespace: every token
 * (numbers, strings, 256-bit amounts) keeps the exact text of the file, nothing is parsed or
 * re-serialized. Text that is not JSON is laid out as far as its brackets go.
 */
export function layOutJson(raw: string, indent = '  '): string {
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = (): string => `\n${indent.repeat(Math.max(0, depth))}`;
  for (let i = 0; i < raw.length; i++) {
    const char = raw.charAt(i);
    if (inString) {
      out += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      const next = raw.slice(i + 1).trimStart().charAt(0);
      if (next === close) {
        // An empty object or array stays on one line.
        out += `${char}${close}`;
        i = raw.indexOf(close, i + 1);
        continue;
      }
      depth++;
      out += char + newline();
    } else if (char === '}' || char === ']') {
      depth--;
      out += newline() + char;
    } else if (char === ',') {
      out += `,${newline()}`;
    } else if (char === ':') {
      out += ': ';
    } else if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') {
      out += char;
    }
  }
  return out;
}
