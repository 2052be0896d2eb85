import sharp from "sharp";

/** A small abstract cover (no text, no fonts needed) in the given colours. */
export async function coverImage(light: string, dark: string, seed: number, width = 1200, height = 750) {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % width;
    const y = (seed * 53 + i * 137) % height;
    const r = 60 + ((seed * 31 + i * 71) % 180);
    const opacity = (0.15 + ((i * 13 + seed) % 5) / 10).toFixed(2);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? dark : "#ffffff"}" fill-opacity="${opacity}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A round company logo mark in its accent colour. */
export async function logoImage(accent: string, seed: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" rx="48" fill="#ffffff"/>
    <circle cx="128" cy="128" r="${84 + (seed % 3) * 8}" fill="${accent}"/>
    <rect x="${78 + (seed % 4) * 6}" y="108" width="100" height="40" rx="20" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
