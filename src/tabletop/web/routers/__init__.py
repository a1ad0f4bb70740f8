"""The web app's routes, one router per concern (see :func:`tabletop.web.app.create_app`)."""
