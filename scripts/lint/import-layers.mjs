// An ESLint rule that keeps each layer of the project to the layers it may import, by allow-list,
// the way VS Code's `code-layering` rule does: a file belongs to the layer whose folder is the
// longest prefix of its path, and each relative import must land in its own layer or in one its
// layer allows. A layer marked `eachFolderAlone` treats each of its sub-folders as an island: one
// may not import another, nor the layer's loose files, which may import them all (the renderer's
// views and their registry). Package and `node:` imports are not judged here
// (`no-restricted-imports` bans those per layer).
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * @typedef {object} Layer
 * @property {string} name a short name, used in `allow` and in messages
 * @property {string} folder its folder from the project root, ending in `/`
 * @property {string[]} allow the layers it may import besides itself
 * @property {string} role what the layer is, said when an import breaks the rule
 * @property {boolean} [eachFolderAlone] its sub-folders may not import each other, nor its loose files
 */

/**
 * The layer a project-relative path belongs to: the one whose folder is its longest prefix.
 * @param {readonly Layer[]} layers
 * @param {string} path
 * @returns {Layer | undefined}
 */
export function layerOf(layers, path) {
  /** @type {Layer | undefined} */
  let found;
  for (const layer of layers) {
    if (path.startsWith(layer.folder) && (found === undefined || layer.folder.length > found.folder.length)) found = layer;
  }
  return found;
}

/**
 * The island (first sub-folder) of a path inside an `eachFolderAlone` layer, or undefined for its loose files.
 * @param {Layer} layer
 * @param {string} path
 */
function islandOf(layer, path) {
  const rest = path.slice(layer.folder.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? undefined : rest.slice(0, slash);
}

/**
 * Why `from` may not import `to`, or undefined when it may.
 * @param {readonly Layer[]} layers
 * @param {string} fromPath project-relative path of the importing file
 * @param {string} toPath project-relative path of the imported file
 */
export function layerViolation(layers, fromPath, toPath) {
  const from = layerOf(layers, fromPath);
  const to = layerOf(layers, toPath);
  if (from === undefined || to === undefined) return undefined;
  if (from === to) {
    if (!from.eachFolderAlone) return undefined;
    const a = islandOf(from, fromPath);
    const b = islandOf(from, toPath);
    if (a === undefined || a === b) return undefined;
    if (b === undefined) return `${from.folder}${a}/ may not import ${toPath}: ${from.role}; a folder stands alone, and the layer's loose files import the folders. Take what it needs from a layer beneath.`;
    return `${from.folder}${a}/ may not import ${from.folder}${b}/: ${from.role}. Move what both need to a layer beneath them.`;
  }
  if (from.allow.includes(to.name)) return undefined;
  const allowed = from.allow.length === 0 ? 'nothing outside itself' : from.allow.map((name) => layers.find((l) => l.name === name)?.folder ?? name).join(', ');
  return `${from.folder} (${from.role}) may not import ${to.folder} (${to.role}); it may import ${allowed}.`;
}

/**
 * The rule: options `[{ root, layers }]`.
 * @type {import('eslint').Rule.RuleModule}
 */
export const importLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer imports only the layers its allow-list names.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, layers: { type: 'array' } },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{why}}' },
  },
  create(context) {
    const { root, layers } = /** @type {{ root: string, layers: Layer[] }} */ (context.options[0]);
    const fromPath = relative(root, context.filename).split(sep).join('/');
    if (layerOf(layers, fromPath) === undefined) return {};
    /** @param {import('estree').Expression | import('estree').Literal | null | undefined} source */
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const toPath = relative(root, resolve(dirname(context.filename), source.value)).split(sep).join('/');
      const why = layerViolation(layers, fromPath, toPath);
      if (why !== undefined) context.report({ node: source, messageId: 'forbidden', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
