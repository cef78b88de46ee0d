import { historyWindow } from '../../downloads/ranges.ts';

interface Props {
  vehicleNumber: string;
  from: string;
  to: string;
  /** Today's UTC day: the API keeps the six months before it. */
  today: string;
  onDownload: () => void;
}

/**
 * Days with nothing stored, said as they are: what is missing, and either the button that downloads
 * exactly those days or, when they lie before the API's 6-month window, that they can never be downloaded.
 */
export function EmptySelection({ vehicleNumber, from, to, today, onDownload }: Props) {
  const window = historyWindow(today);
  const days = from === to ? from : `${from} – ${to}`;
  const outside = to < window.from;
  return (
    <div className="review-empty" data-testid="review-empty" data-outside={outside ? 'true' : 'false'}>
      <p>
        Nothing is downloaded for {vehicleNumber} on {days}.
      </p>
      {outside ? (
        <p data-testid="review-empty-outside">
          The API keeps 6 months of history (from {window.from}): these days cannot be downloaded.
        </p>
      ) : (
        <button type="button" className="btn btn-primary" data-testid="review-empty-download" onClick={onDownload}>
          Download {from === to ? 'this day' : 'these days'}
        </button>
      )}
    </div>
  );
}
