// Naming the colours seen in the plot's pixels: the ±1 classes, the background, the classes of
// the multiclass modes and their region map.
'use strict';

const { pixel } = require('../png');

/** A colour is the +1 class's (blue) / the −1 class's (orange) / near white (background). */
const isPositiveColour = ([r, g, b]) => b > 120 && b - r > 80;
const isNegativeColour = ([r, g, b]) => r > 150 && r - b > 100;
const isLight = ([r, g, b]) => r > 200 && g > 200 && b > 200;
const colourName = (c) =>
  isPositiveColour(c) ? 'blue (+1)' : isNegativeColour(c) ? 'orange (-1)' : `rgb(${c.join(',')})`;

/** Region-map colours over a white background (light theme): class 0, 1, 2 and grey (tied). */
const REGION_COLOURS = {
  0: [247, 228, 214],
  1: [214, 232, 243],
  2: [214, 237, 231],
  tied: [226, 226, 226],
};

/** The saturated class colours of points, arrows and lines: 0 orange, 1 blue, 2 green (src/render/theme.rs). */
const isClassColour = {
  0: ([r, g, b]) => r > 170 && r - b > 120 && g < 140,
  1: ([r, g, b]) => b > 140 && b - r > 100 && g < 160,
  2: ([r, g, b]) => g > 120 && g - r > 90 && g - b > 20,
  // Classes 3–5 (six classes): reddish purple (186, 92, 150), blue-violet (117, 112, 179),
  // ochre (166, 118, 29).
  3: ([r, g, b]) => r > 180 && b > 140 && r - g > 60 && b - g > 25,
  4: ([r, g, b]) => b > 160 && b - r > 45 && b - g > 50 && r < 140,
  5: ([r, g, b]) => r > 140 && r < 190 && g > 95 && g < 140 && r - b > 110,
};

/** Which region colour `c` is (0, 1, 2, 'tied'), or null when it is none of them. */
function regionName(c, tolerance = 12) {
  let best = null;
  let bestDistance = Infinity;
  for (const [name, ref] of Object.entries(REGION_COLOURS)) {
    const d = Math.max(...ref.map((v, i) => Math.abs(v - c[i])));
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  if (bestDistance > tolerance) return null;
  return best === 'tied' ? 'tied' : Number(best);
}

/**
 * The region colour around CSS offset (cx, cy) of the plot in `image`: the most common colour
 * of a (2r+1)² patch of device pixels (so thin grid lines do not count), and its region name.
 */
function regionColourAt(image, scale, cx, cy, r = 3) {
  const counts = new Map();
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const c = pixel(image, cx * scale + dx, cy * scale + dy);
      const key = c.join(',');
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const colour = key.split(',').map(Number);
  return { colour, name: regionName(colour) };
}

module.exports = {
  isPositiveColour,
  isNegativeColour,
  isLight,
  colourName,
  REGION_COLOURS,
  isClassColour,
  regionName,
  regionColourAt,
};
