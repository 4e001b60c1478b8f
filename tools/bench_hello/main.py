from pyscript import document

document.body.dataset.ready = "true"
