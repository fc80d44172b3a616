/**
 * An HTML code editor (CodeMirror 6 with the HTML language): the settings snippets and the ad slots.
 * Controlled: `value` in, `onChange` out; a new `value` from outside (a reset, the server's answer)
 * replaces the text. The editable element is a textbox named by `labelledBy` (and described by
 * `describedBy`), so a label elsewhere on the screen names it for screen readers and tests. Tab moves
 * focus on (CodeMirror's default keymap leaves it alone), and a hint under the editor says how to leave it
 * by keyboard the way that works in every CodeMirror (Esc, then Tab), so the page stays keyboard usable.
 *
 * Ad codes and tracking scripts are operator snippets, pasted or typed exactly as a vendor gave them: the
 * editor adds nothing to what is typed. So not CodeMirror's basicSetup, which closes tags and brackets,
 * opens a completion list that Enter accepts, and indents new lines: its display parts only, with Enter a
 * plain new line.
 *
 * CodeMirror injects its styles as <style> elements: the panel's policy allows that (style-src
 * 'unsafe-inline'); it runs no inline script, so script-src 'self' holds.
 */
import { html } from '@codemirror/lang-html';
import { bracketMatching, foldGutter, foldKeymap, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { crosshairCursor, dropCursor, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, rectangularSelection } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { minimalSetup } from 'codemirror';
import { useEffect, useId, useRef } from 'react';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  /** Id of the element that names the editor (its visible label). */
  labelledBy: string;
  /** Ids of elements that describe it (hint, size, warning). */
  describedBy?: string;
  /** CSS height of the editing area, e.g. '12rem'. */
  height?: string;
  testId?: string;
}

/**
 * CodeMirror's default colours with the few below WCAG AA replaced (tag names #085, escapes #e40 and
 * invalid #f00 were under 4.5:1 on the active line): every colour here is at least 4.5:1 on white and
 * on the active line's background.
 */
const highlightStyle = HighlightStyle.define([
  { tag: tags.meta, color: '#404740' },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.keyword, color: '#770088' },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: '#221199' },
  { tag: [tags.literal, tags.inserted], color: '#116644' },
  { tag: [tags.string, tags.deleted], color: '#aa1111' },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: '#b43c00' },
  { tag: tags.definition(tags.variableName), color: '#0000ff' },
  { tag: tags.local(tags.variableName), color: '#3300aa' },
  { tag: [tags.typeName, tags.namespace], color: '#0b6e3f' },
  { tag: tags.className, color: '#116677' },
  { tag: [tags.special(tags.variableName), tags.macroName], color: '#225566' },
  { tag: tags.definition(tags.propertyName), color: '#0000cc' },
  { tag: tags.comment, color: '#994400' },
  { tag: tags.invalid, color: '#b91c1c' },
]);

const theme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--admin-border)', borderRadius: '6px', backgroundColor: '#fff' },
  '&.cm-focused': { outline: 'none', boxShadow: 'var(--admin-focus)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: '#f8fafc', borderRight: '1px solid var(--admin-border)', color: '#64748b' },
  '.cm-activeLine': { backgroundColor: '#f1f5f9' },
  '.cm-activeLineGutter': { backgroundColor: '#e2e8f0', color: '#334155' },
});

/** Enter types a new line and nothing else (the default keymap's Enter also indents it). */
const plainEnter = Prec.high(
  keymap.of([
    {
      key: 'Enter',
      run: (view) => {
        view.dispatch(view.state.replaceSelection('\n'), { scrollIntoView: true, userEvent: 'input' });
        return true;
      },
    },
  ]),
);

/**
 * basicSetup's display and editing aids that add no text: line numbers, folding, bracket highlighting,
 * several cursors. Left out: closeBrackets, autocompletion and indentOnInput (each types for the operator).
 */
const exactSetup = [
  minimalSetup,
  lineNumbers(),
  highlightActiveLineGutter(),
  foldGutter(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  bracketMatching(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  keymap.of(foldKeymap),
  plainEnter,
];

function labelAttributes(labelledBy: string, describedBy: string | undefined) {
  const attributes: Record<string, string> = { 'aria-labelledby': labelledBy };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  return EditorView.contentAttributes.of(attributes);
}

export function CodeEditor({ value, onChange, labelledBy, describedBy: given, height = '12rem', testId }: CodeEditorProps) {
  const t = useMessages(commonMessages);
  const hintId = `${useId()}-keyboard`;
  const describedBy = given ? `${given} ${hintId}` : hintId;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callback, read by the editor's listener (created once).
  const changed = useRef(onChange);
  changed.current = onChange;
  // The label and description can change without rebuilding the editor (focus and cursor stay).
  const labels = useRef(new Compartment());

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          exactSetup,
          // No closing tag typed for the operator: "<div>" stays "<div>" ('</' stays '</').
          html({ autoCloseTags: false }),
          syntaxHighlighting(highlightStyle),
          theme,
          EditorView.lineWrapping,
          labels.current.of(labelAttributes(labelledBy, describedBy)),
          EditorView.theme({ '&': { height }, '.cm-scroller': { minHeight: height } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is built once; later values and labels arrive through the effects below.
  }, [height]);

  useEffect(() => {
    view.current?.dispatch({ effects: labels.current.reconfigure(labelAttributes(labelledBy, describedBy)) });
  }, [labelledBy, describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return (
    <>
      <div ref={host} className="admin-code-editor" data-testid={testId} />
      <p className="admin-field-hint admin-code-editor-hint" id={hintId}>
        {t.codeEditor.leaveHint}
      </p>
    </>
  );
}

const encoder = new TextEncoder();

/** The size the server checks a snippet against: UTF-8 bytes (a '€' is 3). */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
