/* Pictures of the side view, downloaded: the standalone SVG as it is, or drawn into a PNG at twice its size.
 *
 * Issue 27, Pictures.  The SVG text is py/vertigo_view/picture.py's standalone_svg (the drawing, its styles inlined,
 * the verdict as a caption; nothing in it reaches outside the file).  No rule is decided here and nothing is
 * fetched: the SVG becomes a Blob, the PNG is drawn from that Blob's object URL into a canvas, and each download is
 * a link to an object URL, revoked once the download has had time to start.  No dependency.
 *
 *   vertigoPicture.svg(svgText, fileName)             -> the Blob downloaded (image/svg+xml)
 *   vertigoPicture.png(svgText, fileName, scale = 2)  -> Promise of the Blob downloaded (image/png), scale × the
 *       width and height of the SVG's root (its width and height attributes, CSS px, rounded to whole pixels);
 *       rejects with an Error that says why when the SVG has no size, cannot be loaded as an image, or the
 *       canvas cannot make a PNG (a picture past the browser's canvas size).
 *
 * The page calls them from its picture buttons.  tools/site.py copies this file with the rest of static/ and the
 * service worker precaches it, so pictures are made offline too.
 */
(() => {
  "use strict";
  // How long an object URL is kept after its download is asked for: a download started from a link reads its URL
  // after the click returns (Firefox fails one revoked at once); a minute is long past that.
  const REVOKE_MS = 60000;

  function download(blob, fileName) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    link.style.display = "none";
    document.body.appendChild(link);  // Firefox follows only a link in the document
    try {
      link.click();
    } finally {
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_MS);
    }
  }

  function svgBlob(svgText) {
    return new Blob([svgText], {type: "image/svg+xml;charset=utf-8"});
  }

  /* The root's width and height attributes, CSS px; an Error when either is missing or not a positive number. */
  function sizeOf(svgText) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const root = doc.documentElement;
    if (doc.getElementsByTagName("parsererror").length || root.localName !== "svg") {
      throw new Error("vertigoPicture: the picture is not an SVG document");
    }
    const width = Number(root.getAttribute("width")), height = Number(root.getAttribute("height"));
    if (!(width > 0) || !(height > 0)) {
      throw new Error(`vertigoPicture: the SVG's root needs a width and height in px (got ${
        root.getAttribute("width")} × ${root.getAttribute("height")})`);
    }
    return {width, height};
  }

  function svg(svgText, fileName) {
    const blob = svgBlob(svgText);
    download(blob, fileName);
    return blob;
  }

  function png(svgText, fileName, scale = 2) {
    return new Promise((resolve, reject) => {
      const {width, height} = sizeOf(svgText);
      if (!(scale > 0)) throw new Error(`vertigoPicture: the scale must be a positive number (got ${scale})`);
      const url = URL.createObjectURL(svgBlob(svgText));
      const image = new Image();
      image.onload = () => {
        URL.revokeObjectURL(url);
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(height * scale);
        const context = canvas.getContext("2d");
        if (!context) {
          reject(new Error(`vertigoPicture: no canvas of ${canvas.width} × ${canvas.height} px to draw the PNG on`));
          return;
        }
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => {
          if (!blob) {
            reject(new Error(`vertigoPicture: the browser could not make a PNG of ${canvas.width} × ${
              canvas.height} px`));
            return;
          }
          download(blob, fileName);
          resolve(blob);
        }, "image/png");
      };
      image.onerror = () => {
        URL.revokeObjectURL(url);
        reject(new Error("vertigoPicture: the SVG could not be loaded as an image, so no PNG was made"));
      };
      image.src = url;
    });
  }

  window.vertigoPicture = {svg, png};
})();
