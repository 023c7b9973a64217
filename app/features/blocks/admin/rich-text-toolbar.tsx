import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Bold, Heading2, Heading3, Heading4, Italic, Link, List, ListOrdered, Redo2, Undo2, Unlink } from "lucide-react";
import { cn } from "#app/components/ui/utils";

export interface ToolbarState {
  heading2: boolean;
  heading3: boolean;
  heading4: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export interface ToolbarActions {
  heading: (level: 2 | 3 | 4) => void;
  bold: () => void;
  italic: () => void;
  bulletList: () => void;
  orderedList: () => void;
  link: () => void;
  unlink: () => void;
  undo: () => void;
  redo: () => void;
}

interface Tool {
  label: string;
  icon: ReactNode;
  onPress: () => void;
  /** Whether the formatting is on where the cursor is; absent for buttons that only act. */
  pressed?: boolean;
  disabled?: boolean;
  shortcut?: string;
  opensDialog?: boolean;
  /** Starts a new group, set off by a little space. */
  group?: boolean;
}

/**
 * The formatting buttons, one tab stop for the lot (the toolbar pattern):
 * the arrow keys, Home and End move between them. A button that cannot act
 * now stays focusable and says so (aria-disabled), so the keyboard never
 * loses its place when, say, Undo runs out.
 */
export function Toolbar({ controls, state, actions }: { controls: string; state: ToolbarState; actions: ToolbarActions }) {
  const tools: Tool[] = [
    { label: "Heading 2", icon: <Heading2 />, pressed: state.heading2, onPress: () => actions.heading(2), shortcut: "Control+Alt+2" },
    { label: "Heading 3", icon: <Heading3 />, pressed: state.heading3, onPress: () => actions.heading(3), shortcut: "Control+Alt+3" },
    { label: "Heading 4", icon: <Heading4 />, pressed: state.heading4, onPress: () => actions.heading(4), shortcut: "Control+Alt+4" },
    { label: "Bold", icon: <Bold />, pressed: state.bold, onPress: actions.bold, shortcut: "Control+B", group: true },
    { label: "Italic", icon: <Italic />, pressed: state.italic, onPress: actions.italic, shortcut: "Control+I" },
    { label: "Bulleted list", icon: <List />, pressed: state.bulletList, onPress: actions.bulletList, shortcut: "Control+Shift+8", group: true },
    { label: "Numbered list", icon: <ListOrdered />, pressed: state.orderedList, onPress: actions.orderedList, shortcut: "Control+Shift+7" },
    { label: "Link", icon: <Link />, pressed: state.link, onPress: actions.link, shortcut: "Control+K", opensDialog: true, group: true },
    { label: "Remove link", icon: <Unlink />, onPress: actions.unlink, disabled: !state.link },
    { label: "Undo", icon: <Undo2 />, onPress: actions.undo, disabled: !state.canUndo, shortcut: "Control+Z", group: true },
    { label: "Redo", icon: <Redo2 />, onPress: actions.redo, disabled: !state.canRedo, shortcut: "Control+Shift+Z" },
  ];
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const next =
      event.key === "ArrowRight" ? (current === last ? 0 : current + 1)
      : event.key === "ArrowLeft" ? (current === 0 ? last : current - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={move}
      className="flex flex-wrap items-center gap-1 rounded-t-md border-b border-input bg-muted/40 p-1"
    >
      {tools.map((tool, index) => (
        <button
          key={tool.label}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === current ? 0 : -1}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={tool.pressed}
          aria-disabled={tool.disabled || undefined}
          aria-haspopup={tool.opensDialog ? "dialog" : undefined}
          aria-keyshortcuts={tool.shortcut}
          onFocus={() => setCurrent(index)}
          // Keeps the editor's selection: the command then acts on the words staff chose.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!tool.disabled) tool.onPress();
          }}
          className={cn(
            "inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4",
            "aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-disabled:cursor-not-allowed aria-disabled:text-muted-foreground aria-disabled:hover:bg-transparent",
            tool.group && index > 0 && "ml-2",
          )}
        >
          <span aria-hidden="true">{tool.icon}</span>
        </button>
      ))}
    </div>
  );
}
