import { useEffect, useRef, useState } from 'react';

interface Props {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId: string;
  disabled?: boolean;
}

/** A destructive action asks in place (no modal, no native dialog): keyboard focus moves to the answer. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, testId, disabled }: Props) {
  const [asking, setAsking] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancelRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button
        type="button"
        className="btn btn-small btn-danger-quiet"
        data-testid={testId}
        onClick={() => setAsking(true)}
        disabled={disabled}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="btn btn-small btn-danger"
        data-testid={`${testId}-confirm`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className="btn btn-small"
        ref={cancelRef}
        data-testid={`${testId}-cancel`}
        onClick={() => setAsking(false)}
      >
        Cancel
      </button>
    </span>
  );
}
