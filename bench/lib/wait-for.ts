/** Waits until `url` answers 200, asking every 100 ms for a minute: a server just started is not listening yet. */
export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} never answered`);
}
