import { useId, type InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  testId: string;
}

/** A labelled input with an optional hint wired to aria-describedby. */
export function Field({ label, hint, testId, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} data-testid={testId} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/**
 * An input for an API key: masked, never autocompleted, never spell-checked
 * (a spell checker may send the text elsewhere). Every key entry uses this.
 */
export function KeyField(props: Omit<Props, 'type' | 'autoComplete' | 'spellCheck'>) {
  return <Field {...props} type="password" autoComplete="off" spellCheck={false} />;
}
