// A Perceptron Lab on a reveal.js slide (Quarto's revealjs format, added by the shortcode):
// reveal.js centres each slide by the height it measured when it laid the deck out, and a lab
// mounts after the module has loaded, taller than its empty element; so the deck is laid out
// again as each lab mounts. A deck not yet ready lays itself out when it is.
customElements.whenDefined('perceptron-lab').then(() => {
  for (const lab of document.querySelectorAll('perceptron-lab')) {
    lab.ready.then(() => {
      if (window.Reveal && window.Reveal.isReady()) window.Reveal.layout();
    });
  }
});
