// The one-time code a sign-in through the ENT hands to its page, in the URL's fragment (never sent
// to a server). Read once, then wiped from the address bar and the history.
export function takeFragment(): URLSearchParams {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return params;
}
