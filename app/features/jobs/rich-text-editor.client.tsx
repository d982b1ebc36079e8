import "@mantine/tiptap/styles.layer.css";
import { RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";

/** Spanish names for the toolbar buttons we show (Mantine's defaults are English). */
const LABELS = {
  boldControlLabel: "Negrita",
  italicControlLabel: "Cursiva",
  underlineControlLabel: "Subrayado",
  h2ControlLabel: "Título de sección",
  h3ControlLabel: "Subtítulo",
  bulletListControlLabel: "Lista con viñetas",
  orderedListControlLabel: "Lista numerada",
  linkControlLabel: "Enlace",
  unlinkControlLabel: "Quitar enlace",
  undoControlLabel: "Deshacer",
  redoControlLabel: "Rehacer",
  linkEditorInputLabel: "Dirección del enlace",
  linkEditorInputPlaceholder: "https://ejemplo.com/",
  linkEditorExternalLink: "Abrir el enlace en una pestaña nueva",
  linkEditorInternalLink: "Abrir el enlace en la misma pestaña",
  linkEditorSave: "Guardar",
};

type Props = {
  initialHtml: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
};

/**
 * The description editor (Tiptap). Browser only: it is loaded after hydration, and the server
 * renders a plain textarea in its place. The HTML it produces is sanitised again on the server.
 */
export default function DescriptionEditor({ initialHtml, onChange, labelId, describedBy, invalid }: Props) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <RichTextEditor editor={editor} labels={LABELS} style={invalid ? { borderColor: "var(--mantine-color-error)" } : undefined}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={220} />
    </RichTextEditor>
  );
}
