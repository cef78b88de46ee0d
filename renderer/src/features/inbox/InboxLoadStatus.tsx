import type { InboxLoad } from './use-inbox-data.ts';

/** What the inbox says while it analyses, when it failed, and when nothing is stored for the range. */
export function InboxLoadStatus({
  load,
  nothingStored,
  from,
  to,
}: {
  load: InboxLoad;
  nothingStored: boolean;
  from: string;
  to: string;
}) {
  return (
    <>
      {load.state === 'loading' && (
        <p
          role="status"
          className="muted"
          data-testid="inbox-loading"
          data-done={load.progress?.done}
          data-total={load.progress?.total}
        >
          Analysing the stored days…
          {load.progress &&
            ` ${load.progress.done.toLocaleString('en-US')} of ${load.progress.total.toLocaleString('en-US')} trucks`}
        </p>
      )}
      {load.state === 'failed' && (
        <p role="alert" className="alert alert-error">
          {load.message}
        </p>
      )}
      {nothingStored && (
        <p className="panel empty" data-testid="inbox-nothing">
          Nothing is downloaded for these carriers between {from} and {to}. Download days on the Downloads screen.
        </p>
      )}
    </>
  );
}
