"""What `ttc run` puts on a command's PYTHONPATH (`sitecustomize`), and the import hook it sets."""
