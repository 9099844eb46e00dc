import '@mantine/tiptap/styles.layer.css';
import './rich-text.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { TextAlign } from '@tiptap/extension-text-align';
import { useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import type { Language } from '@journals/core/enums';
import { useTranslation } from '../lib/i18n';

/**
 * A rich-text field (Tiptap through Mantine's editor): headings, emphasis, lists, quotations, links and alignment,
 * the toolbar's names in the page's language, the text written in `language`'s direction. Its HTML goes to the server,
 * which cleans it by its allow-list before storing it. This file and the editor load only with the screens using it (journal data, custom tabs): never import it from a page of the public site.
 */
export function RichTextField({
  label,
  value,
  onChange,
  language,
  error,
  field,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The language the text is written in: its direction. */
  language: Language;
  error?: string;
  /** The spec's field name, for focusing the first field in error. */
  field: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    ],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        dir: language === 'ar' ? 'rtl' : 'ltr',
        lang: language,
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A value set from outside (the form reloaded after a save) replaces the text.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  const labels = useMemo(
    () => ({
      boldControlLabel: t('journalData.rte_bold'),
      italicControlLabel: t('journalData.rte_italic'),
      underlineControlLabel: t('journalData.rte_underline'),
      strikeControlLabel: t('journalData.rte_strike'),
      clearFormattingControlLabel: t('journalData.rte_clearFormatting'),
      h2ControlLabel: t('journalData.rte_h2'),
      h3ControlLabel: t('journalData.rte_h3'),
      bulletListControlLabel: t('journalData.rte_bulletList'),
      orderedListControlLabel: t('journalData.rte_orderedList'),
      blockquoteControlLabel: t('journalData.rte_blockquote'),
      linkControlLabel: t('journalData.rte_link'),
      unlinkControlLabel: t('journalData.rte_unlink'),
      alignLeftControlLabel: t(language === 'ar' ? 'journalData.rte_alignEnd' : 'journalData.rte_alignStart'),
      alignCenterControlLabel: t('journalData.rte_alignCenter'),
      alignRightControlLabel: t(language === 'ar' ? 'journalData.rte_alignStart' : 'journalData.rte_alignEnd'),
      alignJustifyControlLabel: t('journalData.rte_alignJustify'),
      undoControlLabel: t('journalData.rte_undo'),
      redoControlLabel: t('journalData.rte_redo'),
      linkEditorInputLabel: t('journalData.rte_linkInput'),
      linkEditorInputPlaceholder: t('journalData.rte_linkPlaceholder'),
      linkEditorExternalLink: t('journalData.rte_linkExternal'),
      linkEditorInternalLink: t('journalData.rte_linkInternal'),
      linkEditorSave: t('journalData.rte_linkSave'),
    }),
    [t, language],
  );
  return (
    <Input.Wrapper label={label} error={error} data-field={field} data-testid={`rte-${field}`}>
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        classNames={{ content: 'rte-content' }}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar aria-label={t('journalData.rte_toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
            <RichTextEditor.AlignJustify />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
