// Blueprint has a closed envelope (`envelope`) but no open one; docs/product.md §3 wants both.
/** An open envelope in Blueprint's 16px icon style: a notification already read. */
export function OpenEnvelopeIcon() {
  return (
    <span
      className="bp6-icon bp6-icon-standard kontor-icon-envelope-open"
      aria-hidden="true"
      data-icon="envelope-open"
    >
      <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
        <path d="M8 1 1 5.2V14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5.2L8 1Zm0 1.6 5.4 3.2L8 9.2 2.6 5.8 8 2.6ZM2 7l6 3.8L14 7v7H2V7Z" />
      </svg>
    </span>
  );
}
