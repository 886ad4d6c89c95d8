// The post's rich text: TipTap (ProseMirror) with a schema that holds only SPEC.md's markup —
// p, h1–h4, strong, em, a (http/https only), ul, ol, li, blockquote, img (http/https src, alt).
// Whatever is typed, pasted or dropped is parsed against that schema, so nothing else (scripts,
// styles, code, tables, javascript: links, data: images) can enter; the service sanitizes again.
// The toolbar is one tab stop (arrow keys move inside it, WAI-ARIA toolbar pattern); every button
// has a name, toggles say whether they are on (aria-pressed), and each has a keyboard shortcut.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Divider, FileInput, Group, Modal, Stack, Text, TextInput, Typography } from '@mantine/core';
import { Extension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isHttpUrl, readablePlaceholder, uploadCheckedImage } from '../content/shared';

const isHttp = (url: string | null | undefined) => !!url && /^https?:\/\//i.test(url.trim()) && isHttpUrl(url);

/** Images with an http(s) source and alt text only: no data: URLs, no sizes or titles, no Markdown shortcut. */
const PostImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => (isHttp((el as HTMLElement).getAttribute('src')) ? null : false) }];
  },
  addInputRules() {
    return [];
  },
}).configure({ inline: false, allowBase64: false });

/** The extensions of a post: StarterKit without what SPEC.md does not allow. */
function extensions(openLink: () => void) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      horizontalRule: false,
      // <br> is not in the allowed markup: Enter starts a new paragraph instead.
      hardBreak: false,
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https'],
        // Every way a link can be made (typed, pasted, parsed, setLink) is checked here.
        isAllowedUri: (url) => isHttp(url),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null, class: null },
      },
    }),
    PostImage,
    Extension.create({
      name: 'postShortcuts',
      addKeyboardShortcuts() {
        return {
          'Mod-k': () => {
            openLink();
            return true;
          },
        };
      },
    }),
  ];
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

interface Props {
  /** Initial HTML (the saved post). */
  content: string;
  onChange(html: string): void;
  /** Called once the editor holds `content`, with its own serialisation of it (the clean state). */
  onReady(html: string): void;
  storeId: string;
  labelId: string;
  describedBy?: string;
}

export function PostContentEditor({ content, onChange, onReady, storeId, labelId, describedBy }: Props) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const openLinkRef = useRef(() => setLinkOpen(true));
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  const editor = useEditor({
    extensions: extensions(() => openLinkRef.current()),
    content,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'post-content-editor',
        spellcheck: 'true',
      },
    },
    onCreate: ({ editor: e }) => onReady(e.getHTML()),
    onUpdate: ({ editor: e }) => changeRef.current(e.getHTML()),
  });

  return (
    <Stack gap={0}>
      <Toolbar editor={editor} onLink={() => setLinkOpen(true)} onImage={() => setImageOpen(true)} labelId={labelId} />
      <Typography>
        <Box
          className="post-editor-frame"
          style={{
            border: '1px solid var(--mantine-color-gray-5)',
            borderTop: 0,
            borderRadius: '0 0 var(--mantine-radius-md) var(--mantine-radius-md)',
            padding: '0 var(--mantine-spacing-md)',
            minHeight: 260,
            background: 'white',
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Typography>
      {linkOpen && <LinkDialog editor={editor} onClose={() => setLinkOpen(false)} />}
      {imageOpen && <ImageDialog editor={editor} storeId={storeId} onClose={() => setImageOpen(false)} />}
    </Stack>
  );
}

interface ToolSpec {
  key: string;
  label: string;
  text: ReactNode;
  shortcut?: string;
  /** A toggle: aria-pressed follows it. */
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
  disabled?: (e: Editor) => boolean;
  groupEnd?: boolean;
}

function Toolbar({ editor, onLink, onImage, labelId }: { editor: Editor; onLink(): void; onImage(): void; labelId: string }) {
  const tools: ToolSpec[] = [
    { key: 'bold', label: 'Bold', text: <strong>B</strong>, shortcut: `${mod}B`, active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
    { key: 'italic', label: 'Italic', text: <em>I</em>, shortcut: `${mod}I`, active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run(), groupEnd: true },
    ...([2, 3, 4] as const).map((level) => ({
      key: `h${level}`,
      label: `H${level} heading`,
      text: `H${level}`,
      shortcut: `${mod}${isMac ? '⌥' : 'Alt+'}${level}`,
      active: (e: Editor) => e.isActive('heading', { level }),
      run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
      groupEnd: level === 4,
    })),
    { key: 'ul', label: 'Bulleted list', text: '• Bulleted', shortcut: `${mod}${isMac ? '⇧' : 'Shift+'}8`, active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
    { key: 'ol', label: 'Numbered list', text: 'Numbered', shortcut: `${mod}${isMac ? '⇧' : 'Shift+'}7`, active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
    { key: 'quote', label: 'Quote', text: '“ Quote', shortcut: `${mod}${isMac ? '⇧' : 'Shift+'}B`, active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run(), groupEnd: true },
    { key: 'link', label: 'Link', text: 'Link', shortcut: `${mod}K`, active: (e) => e.isActive('link'), run: () => onLink() },
    { key: 'image', label: 'Insert picture', text: 'Picture', run: () => onImage(), groupEnd: true },
    { key: 'undo', label: 'Undo', text: '↶ Undo', shortcut: `${mod}Z`, run: (e) => e.chain().focus().undo().run(), disabled: (e) => !e.can().undo() },
    { key: 'redo', label: 'Redo', text: '↷ Redo', shortcut: isMac ? '⌘⇧Z' : 'Ctrl+Y', run: (e) => e.chain().focus().redo().run(), disabled: (e) => !e.can().redo() },
  ];

  // Re-rendered only when what the buttons show changes.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(tools.map((t) => [t.key, { active: t.active?.(e) ?? false, disabled: t.disabled?.(e) ?? false }])),
  });

  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tools.length - 1;
    const next = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tools.length) % tools.length;
    setFocusIndex(index);
    refs.current[index]?.focus();
  }

  return (
    <Group
      role="toolbar"
      aria-label="Formatting"
      aria-controls={labelId}
      gap={4}
      p={6}
      wrap="wrap"
      onKeyDown={onKeyDown}
      style={{ border: '1px solid var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0', background: 'var(--mantine-color-gray-0)', position: 'sticky', top: 56, zIndex: 2 }}
    >
      {tools.map((tool, i) => {
        const s = state?.[tool.key];
        return (
          <Group key={tool.key} gap={4} wrap="nowrap">
            <Button
              ref={(el) => {
                refs.current[i] = el;
              }}
              size="compact-sm"
              variant={s?.active ? 'filled' : 'subtle'}
              color={s?.active ? 'teal.9' : 'dark'}
              aria-label={tool.label}
              aria-pressed={tool.active ? !!s?.active : undefined}
              aria-keyshortcuts={tool.shortcut ? tool.shortcut.replace('⌘', 'Meta+').replace('⌥', 'Alt+').replace('⇧', 'Shift+') : undefined}
              title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
              tabIndex={i === focusIndex ? 0 : -1}
              disabled={s?.disabled}
              onFocus={() => setFocusIndex(i)}
              // Keep the editor's selection: the button acts on it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => tool.run(editor)}
            >
              {tool.text}
            </Button>
            {tool.groupEnd && <Divider orientation="vertical" />}
          </Group>
        );
      })}
    </Group>
  );
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const current = editor.getAttributes('link').href as string | undefined;
  const [url, setUrl] = useState(current ?? 'https://');
  const [error, setError] = useState<string | null>(null);
  const empty = editor.state.selection.empty && !current;

  function apply() {
    const href = url.trim();
    if (!isHttp(href)) {
      setError('Links must start with https:// or http:// (other kinds of links are not allowed in posts).');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (empty) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  }

  return (
    <Modal opened onClose={() => { onClose(); editor.commands.focus(); }} title={current ? 'Edit link' : 'Add link'} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(e) => { e.preventDefault(); apply(); }} noValidate>
        <Stack>
          <TextInput
            label="Link address"
            description={empty ? 'No text is selected: the address itself becomes the link text.' : 'The selected text becomes a link.'}
            type="url"
            value={url}
            onChange={(e) => { setUrl(e.currentTarget.value); setError(null); }}
            error={error}
            data-autofocus
          />
          <Group justify="space-between">
            {current ? <Button variant="outline" color="red" onClick={() => { editor.chain().focus().extendMarkRange('link').unsetLink().run(); onClose(); }}>Remove link</Button> : <span />}
            <Group gap="xs">
              <Button variant="default" onClick={() => { onClose(); editor.commands.focus(); }}>Cancel</Button>
              <Button type="submit">{current ? 'Save link' : 'Add link'}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ImageDialog({ editor, storeId, onClose }: { editor: Editor; storeId: string; onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => {
    editor.commands.focus();
  }, [editor]);

  async function insert() {
    if (!file) return setError('Choose a picture first.');
    setBusy(true);
    setError(null);
    try {
      const src = await uploadCheckedImage(storeId, file);
      editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The picture was not uploaded.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Insert a picture" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(e) => { e.preventDefault(); void insert(); }} noValidate>
        <Stack>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <FileInput label="Picture" description="PNG, JPEG, GIF, WebP or AVIF, at most 5 MB" placeholder="Choose a file" styles={readablePlaceholder} accept="image/*" value={file} onChange={setFile} data-autofocus />
          <TextInput label="Description (alt text)" description="What the picture shows, read out to people who cannot see it" maxLength={300} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
          <Text size="xs" c="dimmed">The picture is uploaded when you insert it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>Insert picture</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
