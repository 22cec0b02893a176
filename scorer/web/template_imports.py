"""Templates whose ``{% from ... import %}`` asks the same question in C, not in Python.

Each import of a macro file (``{% from "macros.html" import ... %}``) makes Jinja 3.1 ask
whether the importing page has globals the macro file lacks (``ctx.globals_keys -
self.globals.keys()``): a set minus a dict's keys, which Python answers through the generic
``collections.abc.Set.__rsub__``, one Python-level lookup per global (43 here). The city page's
two imports spent 2 % of its request on it. :class:`Template` asks the same (is every global of
the page one of the macro file's?) with ``set.issubset``, and leaves everything else, the
answer included, to Jinja.
"""

from __future__ import annotations

from jinja2 import Template as JinjaTemplate


class Template(JinjaTemplate):
    def _get_default_module(self, ctx=None):
        if ctx is not None and ctx.globals_keys.issubset(self.globals):
            ctx = None  # no global of the page is new to this file: Jinja's kept module
        return super()._get_default_module(ctx)


def init_app(app) -> None:
    """Before any template is loaded (the environment keeps those it loaded)."""
    app.jinja_env.template_class = Template
