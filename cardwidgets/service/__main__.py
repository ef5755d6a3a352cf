"""``python -m cardwidgets.service --hub --port 10101``: the room service as a JupyterHub service (``hub.py``)."""

from cardwidgets.service.hub import main

if __name__ == "__main__":
    main()
