import './rich-text-editor.css';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import BiArrowClockwiseIcon from '~icons/bi/arrow-clockwise';
import BiArrowCounterclockwiseIcon from '~icons/bi/arrow-counterclockwise';
import BiLink45degIcon from '~icons/bi/link-45deg';
import BiListOlIcon from '~icons/bi/list-ol';
import BiListUlIcon from '~icons/bi/list-ul';
import BiTypeBoldIcon from '~icons/bi/type-bold';
import BiTypeH2Icon from '~icons/bi/type-h2';
import BiTypeH3Icon from '~icons/bi/type-h3';
import BiTypeItalicIcon from '~icons/bi/type-italic';
import type { IconComponent } from './icon.ts';
import { isAllowedLink, LinkForm } from './rich-text-link-form.tsx';

export type RichTextEditorProps = {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Puts the caret at the end of the text once the editor is ready (an editor opened by a button press). */
  autoFocus?: boolean;
};

/** An empty document is '<p></p>' to tiptap; to a form it is an empty string. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The one rich-text editor of the back office (content blocks, newsletters). Import it only from lazy,
 * admin-only chunks: tiptap is heavy and customers never need it.
 */
export function RichTextEditor({ id, label, value, onChange, disabled = false, invalid = false, describedBy, autoFocus = false }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const attributes = useMemo(() => ({
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
    class: `rich-text-editor__content form-control${invalid ? ' is-invalid' : ''}`,
  }), [id, labelId, describedBy, invalid, disabled]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        // A trailing empty paragraph would be saved into every block that ends in a heading or a list.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          // tel: links written before (the sanitiser keeps them) must survive an edit.
          isAllowedUri: (url) => isAllowedLink(url) || /^tel:\+?[\d\s-]+$/i.test(url),
        },
      }),
    ],
    content: value,
    editorProps: { attributes },
    editable: !disabled,
    autofocus: autoFocus ? 'end' : false,
    // The shop's CSP (style-src 'self') refuses the <style> tiptap would inject; its rules are in rich-text-editor.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // A value set from outside (a reset, a reloaded record) replaces the document; our own echo does not.
  // A remount (StrictMode, a Suspense boundary showing again) can hand the effects an editor already destroyed.
  useEffect(() => {
    if (!editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  return (
    <div className={`rich-text-editor${disabled ? ' rich-text-editor--disabled' : ''}`}>
      <div id={labelId} className="form-label" onClick={() => editor.commands.focus()}>
        {label}
      </div>
      <Toolbar editor={editor} label={label} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

type ToolState = {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

function Toolbar({ editor, label, disabled }: { editor: Editor; label: string; disabled: boolean }) {
  const state: ToolState = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);

  // Toolbar pattern (WAI-ARIA APG): one tab stop, arrows move between the buttons.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next =
      event.key === 'ArrowRight' ? (current + 1) % buttons.length
      : event.key === 'ArrowLeft' ? (current - 1 + buttons.length) % buttons.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? buttons.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    buttons[next]?.focus();
  }

  const tools: { key: string; label: string; icon: IconComponent; pressed?: boolean; enabled?: boolean; run: () => void }[] = [
    { key: 'bold', label: 'Negrito', icon: BiTypeBoldIcon, pressed: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', label: 'Itálico', icon: BiTypeItalicIcon, pressed: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'h2', label: 'Título 2', icon: BiTypeH2Icon, pressed: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: 'Título 3', icon: BiTypeH3Icon, pressed: state.h3, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: 'ul', label: 'Lista com marcas', icon: BiListUlIcon, pressed: state.bulletList, run: () => editor.chain().focus().toggleBulletList().run() },
    { key: 'ol', label: 'Lista numerada', icon: BiListOlIcon, pressed: state.orderedList, run: () => editor.chain().focus().toggleOrderedList().run() },
    { key: 'link', label: 'Ligação', icon: BiLink45degIcon, pressed: state.link, run: () => setLinkOpen((open) => !open) },
    { key: 'undo', label: 'Anular', icon: BiArrowCounterclockwiseIcon, enabled: state.canUndo, run: () => editor.chain().focus().undo().run() },
    { key: 'redo', label: 'Refazer', icon: BiArrowClockwiseIcon, enabled: state.canRedo, run: () => editor.chain().focus().redo().run() },
  ];
  const enabledTools = tools.filter((tool) => !disabled && tool.enabled !== false);
  const tabStop = enabledTools[Math.min(focusIndex, enabledTools.length - 1)]?.key;

  return (
    <>
      <div ref={toolbarRef} role="toolbar" aria-label={`Formatação: ${label}`} className="rich-text-editor__toolbar" onKeyDown={onKeyDown}>
        {tools.map((tool) => (
          <ToolButton
            key={tool.key}
            label={tool.label}
            pressed={tool.pressed}
            disabled={disabled || tool.enabled === false}
            tabIndex={tool.key === tabStop ? 0 : -1}
            onFocus={() => setFocusIndex(Math.max(0, enabledTools.indexOf(tool)))}
            onClick={tool.run}
          >
            <tool.icon className="bi" aria-hidden="true" />
          </ToolButton>
        ))}
      </div>
      {linkOpen && !disabled && <LinkForm editor={editor} active={state.link} onClose={() => setLinkOpen(false)} />}
    </>
  );
}

function ToolButton({ label, pressed, disabled, tabIndex, onFocus, onClick, children }: {
  label: string;
  pressed?: boolean;
  disabled: boolean;
  tabIndex: number;
  onFocus: () => void;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant={pressed ? 'secondary' : 'outline-secondary'}
      size="sm"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
