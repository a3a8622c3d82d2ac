import { captureEarlyClicks, replayEarlyClick } from './early-clicks';

/** A page as the server sends it: a header, the page's content and the contact section. */
function serverPage() {
  document.documentElement.removeAttribute('data-interactive');
  document.body.innerHTML = `
    <header><button type="button" id="menu">Products</button></header>
    <main>
      <button type="button" id="tab">Entertainment</button>
      <a href="#contact" id="talk">Talk to Sales</a>
      <details><summary id="question">Question</summary><p>Answer</p></details>
    </main>
    <section id="contact"></section>`;
  const presses: string[] = [];
  document.body.addEventListener('click', (event) => presses.push((event.target as Element).id));
  const press = (id: string) => document.getElementById(id)!.click();
  return { presses, press };
}

/** What React's MarkInteractive does once the page's content has hydrated. */
const markInteractive = () => document.documentElement.setAttribute('data-interactive', '');
/** MutationObserver callbacks run as microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('early clicks', () => {
  // A replay still waiting for the page to become interactive ends with its test.
  afterEach(async () => {
    markInteractive();
    await settle();
  });

  it('presses a header button again right after hydrateRoot, once', () => {
    const { presses, press } = serverPage();
    captureEarlyClicks();
    press('menu');
    replayEarlyClick();
    expect(presses).toEqual(['menu', 'menu']);
    press('menu');
    expect(presses).toEqual(['menu', 'menu', 'menu']);
  });

  it("waits for the page's content to be interactive before pressing a control in it, and presses it once", async () => {
    const { presses, press } = serverPage();
    captureEarlyClicks();
    press('tab');
    replayEarlyClick();
    await settle();
    expect(presses).toEqual(['tab']);
    // The header answers by itself now: its presses are not noted for a replay.
    press('menu');
    markInteractive();
    await settle();
    expect(presses).toEqual(['tab', 'menu', 'tab']);
    markInteractive();
    await settle();
    expect(presses).toEqual(['tab', 'menu', 'tab']);
  });

  it('replays an in-page link (Talk to Sales) once the page is interactive', async () => {
    const { presses, press } = serverPage();
    captureEarlyClicks();
    press('talk');
    replayEarlyClick();
    await settle();
    expect(presses).toEqual(['talk']);
    markInteractive();
    await settle();
    expect(presses).toEqual(['talk', 'talk']);
  });

  it('never replays a native disclosure: the browser already opened it', async () => {
    const { presses, press } = serverPage();
    captureEarlyClicks();
    press('question');
    replayEarlyClick();
    markInteractive();
    await settle();
    expect(presses).toEqual(['question']);
  });

  it("replays a press in the page's content made after hydrateRoot, while that part still waits for its code", async () => {
    const { presses, press } = serverPage();
    captureEarlyClicks();
    replayEarlyClick();
    press('tab');
    await settle();
    expect(presses).toEqual(['tab']);
    markInteractive();
    await settle();
    expect(presses).toEqual(['tab', 'tab']);
  });

  it('leaves a press on a part React has hydrated to React', async () => {
    const { presses, press } = serverPage();
    captureEarlyClicks();
    replayEarlyClick();
    // React marks each node it hydrates with its fiber.
    Object.assign(document.getElementById('tab')!, { __reactFiber$test: {} });
    press('tab');
    markInteractive();
    await settle();
    expect(presses).toEqual(['tab']);
  });
});
