/**
 * Original poster for the demo (no external image, so nothing is fetched before play): a price line
 * over a grid, with buy/sell markers and a play badge. Decorative: the button around it is named.
 */
const PRICE = '0,250 60,232 120,240 180,200 240,214 300,168 360,182 420,140 480,150 540,112 600,126 660,88 720,96 800,60';

export function DemoThumbnail() {
  return (
    <svg viewBox="0 0 800 450" aria-hidden="true" focusable="false" className="iv:block iv:h-full iv:w-full">
      <defs>
        <linearGradient id="iv-thumb-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b1514" />
          <stop offset="1" stopColor="#050607" />
        </linearGradient>
        <linearGradient id="iv-thumb-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#34d399" stopOpacity="0.35" />
          <stop offset="1" stopColor="#34d399" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="800" height="450" fill="url(#iv-thumb-bg)" />
      {[90, 180, 270, 360].map((y) => (
        <line key={y} x1="0" x2="800" y1={y} y2={y} stroke="#ffffff" strokeOpacity="0.06" />
      ))}
      {[160, 320, 480, 640].map((x) => (
        <line key={x} y1="0" y2="450" x1={x} x2={x} stroke="#ffffff" strokeOpacity="0.06" />
      ))}
      <polygon points={`${PRICE} 800,450 0,450`} fill="url(#iv-thumb-area)" transform="translate(0 60)" />
      <polyline points={PRICE} fill="none" stroke="#34d399" strokeWidth="4" strokeLinejoin="round" transform="translate(0 60)" />
      <g transform="translate(0 60)">
        <circle cx="180" cy="200" r="9" fill="#34d399" />
        <circle cx="360" cy="182" r="9" fill="#fbbf24" />
        <circle cx="540" cy="112" r="9" fill="#34d399" />
      </g>
      <circle cx="400" cy="225" r="52" fill="#ffffff" fillOpacity="0.95" />
      <path d="M386 198 L422 225 L386 252 Z" fill="#0a0a0a" />
    </svg>
  );
}
