// The MyST theme's rendering of {anywidget} nodes, for tests/e2e/myst.spec.js: the renderer the
// book theme registers for them (@myst-theme/anywidget's ANY_RENDERERS, with React), given the
// nodes of a page that `myst build --site` wrote. Bundled by esbuild in the spec.
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { ANY_RENDERERS } from '@myst-theme/anywidget';

/** Renders each anywidget node of the page's tree `mdast` into `container`, in order. */
window.renderMystWidgets = (mdast, container) => {
  const nodes = [];
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node.type === 'anywidget') nodes.push(node);
    (node.children || []).forEach(walk);
  };
  walk(mdast);
  for (const node of nodes) {
    const host = document.createElement('div');
    container.append(host);
    createRoot(host).render(React.createElement(ANY_RENDERERS[node.type], { node }));
  }
  return nodes.length;
};
