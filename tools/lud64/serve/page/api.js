// The board server's JSON API (tools/lud64/serve/README.md): requests, and
// the analysis stream read from a POST as server-sent events.

// A request's answer, or an Error with the server's one-line message.
export async function request(path, body) {
  const init = body === undefined
    ? { method: 'GET' }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new Error(`${path}: the server does not answer (${error.message})`);
  }
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path}: HTTP ${response.status}, not JSON`);
  }
  if (!response.ok) throw new Error(json.error || `${path}: HTTP ${response.status}`);
  return json;
}

// Streams POST /api/analyse: onEvent(name, data) for each event until the
// stream ends; abort() closes the connection (the server stops the search).
export function analyse(body, onEvent) {
  const controller = new AbortController();
  const done = (async () => {
    const response = await fetch('/api/analyse', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) {
      const text = await response.text();
      let message = `/api/analyse: HTTP ${response.status}`;
      try { message = JSON.parse(text).error || message; } catch { /* not JSON */ }
      throw new Error(message);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (data) onEvent(name, JSON.parse(data));
      }
    }
  })();
  return { done, abort: () => controller.abort() };
}
