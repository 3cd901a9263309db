/**
 * English needs no catalogue (docs/languages.md): a Babel plugin, run after Lingui's macro, that turns
 * each source message the macro leaves in the code (`message: "Hi {name}"` of a descriptor, the
 * `message` of a `<Trans>`) into the compiled form Lingui's runtime reads (`["Hi ", ["name"]]`), with
 * Lingui's own compiler. Lingui falls back to that message when the active catalogue has no entry (English
 * loads none), and interpolates it as it would a catalogue's, with no ICU parser in the app.
 */
import type { PluginObj, types as T } from '@babel/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A compiled message as an expression (strings, arrays and plain objects only). */
function literal(t: typeof T, value: unknown): T.Expression {
  if (typeof value === 'string') return t.stringLiteral(value);
  if (typeof value === 'number') return t.numericLiteral(value);
  if (Array.isArray(value)) return t.arrayExpression(value.map((v) => literal(t, v)));
  if (value && typeof value === 'object') {
    // an absent plural offset is 0 to Lingui: left out
    const props = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => t.objectProperty(t.stringLiteral(k), literal(t, v)));
    return t.objectExpression(props);
  }
  throw new Error(`lingui-source-messages: cannot write ${String(value)}`);
}

const isMessageKey = (key: T.Node) => (key.type === 'Identifier' && key.name === 'message') || (key.type === 'StringLiteral' && key.value === 'message');

export default function linguiSourceMessages({ types: t }: { types: typeof T }): PluginObj {
  return {
    name: 'lingui-source-messages',
    visitor: {
      ObjectProperty(path) {
        const { key, value } = path.node;
        if (path.node.computed || !isMessageKey(key) || value.type !== 'StringLiteral') return;
        // only a descriptor of the macro's: an object with an `id` beside its `message`
        const siblings = (path.parent as T.ObjectExpression).properties;
        if (!siblings.some((p) => p.type === 'ObjectProperty' && p.key.type === 'Identifier' && p.key.name === 'id')) return;
        path.node.value = literal(t, compileMessageOrThrow(value.value));
      },
      JSXAttribute(path) {
        const { name, value } = path.node;
        if (name.type !== 'JSXIdentifier' || name.name !== 'message' || value?.type !== 'StringLiteral') return;
        path.node.value = t.jsxExpressionContainer(literal(t, compileMessageOrThrow(value.value)));
      },
    },
  };
}
