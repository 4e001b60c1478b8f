// First paint before Python, and the offline copy. A classic script placed right after <div id="view">, so it
// runs before the first paint.
//
// 1. The battlefield in play. tools/site.py drew the default battlefield into #view at build time; on a return
//    visit py/app.py has kept a picture of the table last drawn (localStorage "vertigo.picture.v1") and it
//    takes the default's place until Python draws the live view over it. Every project site of the same
//    GitHub Pages owner shares this origin's storage, so the stored text is hostile: it never becomes markup
//    in this page. It is shown only as an <img> of an image/svg+xml data: URL, in which no script runs and
//    nothing is fetched. The page's own stylesheet rules are copied into that picture (an image does not see
//    the page's CSS); the stored viewBox and min-width are read with regular expressions, never parsed here.
// 2. The service worker (sw.js, offline and installable), registered once the page is ready, so that its
//    precaching never competes with the page's own start. A refusal (private window, blocked by the
//    browser) is silent: the page works from the network as before.
"use strict";
(function () {
  var PICTURE = "vertigo.picture.v1";
  var TABLE = "vertigo.table.v1";
  var LIMIT = 4000000;  // characters; a larger stored text is not shown
  var view = document.getElementById("view");

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null;  // storage blocked: nothing kept, the pre-rendered default stays
    }
  }

  function pageStyle() {
    var css = "";
    for (var i = 0; i < document.styleSheets.length; i++) {
      try {
        var rules = document.styleSheets[i].cssRules;
        for (var j = 0; j < rules.length; j++) css += rules[j].cssText + "\n";
      } catch (e) { /* a sheet that cannot be read adds nothing */ }
    }
    return css.split("]]>").join("");
  }

  function showPicture() {
    var table = stored(TABLE);
    if (!view || !table) return;  // nothing stored: the pre-rendered default is what Python draws first
    var text = stored(PICTURE);
    var open = typeof text === "string" && text.length <= LIMIT ? /^<svg\b[^>]*>/.exec(text) : null;
    if (!open) {
      // A table is kept but no picture of it: show no battlefield rather than a different one.
      view.textContent = "";
      return;
    }
    var img = document.createElement("img");
    img.className = "side-view-picture";
    img.alt = "The battlefield last in play on this device (the rules engine is still loading)";
    img.decoding = "sync";
    var box = /\sviewBox="(-?[0-9.]+ -?[0-9.]+ [0-9.]+ [0-9.]+)"/.exec(open[0]);
    if (box) {
      img.setAttribute("data-viewbox", box[1]);
      var size = box[1].split(" ");
      // The box has the live view's size before the picture is decoded, so nothing moves when it is.
      if (+size[2] > 0 && +size[3] > 0) img.style.aspectRatio = size[2] + " / " + size[3];
    }
    var taken = /\sdata-taken="([0-9]{1,6}) ([0-9]{1,6})"/.exec(open[0]);
    var stretched = /\spreserveAspectRatio="none"/.test(open[0]);
    var min = /\sstyle="min-width: ([0-9]{1,6})px"/.exec(open[0]);
    if (min) img.style.minWidth = min[1] + "px";
    var style = pageStyle(), rest = text.slice(open[0].length), drawn = null;
    // Markers are drawn in CSS px scaled by --k (SVG units per CSS px; static/view.js sets it on the live view):
    // the picture gets the --k the live view will have at its fit, so its labels and tokens do not change size
    // when the live view takes over. Only a number computed here enters the picture's stylesheet.
    function draw() {
      // A Height battlefield's picture is stretched to the window it was taken in: at a size far from it (a picture
      // taken at 2560 px shown on a phone) its markers would crowd, so the view stays empty until Python draws.
      if (taken && stretched && img.clientWidth && img.clientHeight &&
          (Math.abs(img.clientWidth / +taken[1] - 1) > 0.25 || Math.abs(img.clientHeight / +taken[2] - 1) > 0.25)) {
        img.removeAttribute("src");
        img.style.visibility = "hidden";
        drawn = null;
        return;
      }
      img.style.visibility = "";
      var k = markerScale(box && box[1], img, stretched);
      if (drawn !== null && Math.abs(k[0] - drawn) <= drawn * 0.005) return;
      drawn = k[0];
      var sized = k[0] > 0 ? ":root{--k:" + k[0].toFixed(5) + ";--ky:" + k[1].toFixed(5) + "}\n" : "";
      img.src = "data:image/svg+xml;charset=utf-8," +
        encodeURIComponent(open[0] + "<style><![CDATA[" + style + sized + "]]></style>" + rest);
    }
    view.replaceChildren(img);
    draw();
    // The rest of the page is not parsed yet: once it is, the view's box is final; measure it again.
    document.addEventListener("DOMContentLoaded", draw);
    pickTitle(/<title id="view-title">Side view: ([^<]{1,300})<\/title>/.exec(text));
  }

  // SVG units per CSS px across and up ([--k, --ky]) of a drawing with this viewBox fitted in the element's box
  // ("meet", or stretched to it: a Height battlefield's), times the markers' growth on wide screens (as
  // static/view.js computes it for the live view); [0, 0] when unknown.
  function markerScale(viewBox, element, stretched) {
    var size = viewBox ? viewBox.split(" ") : [];
    var w = element.clientWidth, h = element.clientHeight;
    if (size.length !== 4 || !(+size[2] > 0) || !(+size[3] > 0) || !w || !h) return [0, 0];
    var grow = Math.min(1.5, Math.max(1, window.innerWidth / 1400));
    if (stretched) return [grow * +size[2] / w, grow * +size[3] / h];
    var k = grow / Math.min(w / +size[2], h / +size[3]);
    return [k, k];
  }

  // The Battlefield picker names the battlefield of the picture, as py/app.py will: the bundled option whose
  // title is the picture's, else none (an imported battlefield). The title only picks among the page's own
  // options; it is compared as text and never written into the page.
  function pickTitle(found) {
    var picker = document.getElementById("scenario");
    if (!picker) return;
    var title = found ? found[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&") : null;
    for (var i = 0; i < picker.options.length; i++) {
      if (picker.options[i].text === title) {
        picker.selectedIndex = i;
        return;
      }
    }
    picker.selectedIndex = -1;
  }

  function register() {
    if (!("serviceWorker" in navigator)) return;
    try {
      navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch(function () {});
    } catch (e) { /* refused: silent */ }
  }

  function whenReady(then) {
    if (document.body.dataset.ready === "true") return then();
    var watch = new MutationObserver(function () {
      if (document.body.dataset.ready === "true") {
        watch.disconnect();
        then();
      }
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  showPicture();
  whenReady(register);
})();
