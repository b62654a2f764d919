"""Type stubs of the native module (Rust, PyO3). The package re-exports the public names."""

from typing import Any, Dict, List, Optional, Sequence, Union

_Text = Union[str, bytes, bytearray]

__version__: str

# The exit statuses of a run, the CLI's (robots_audit::run::exit).
EXIT_OK: int
EXIT_VIOLATIONS: int
EXIT_ERROR: int
EXIT_INTERRUPTED: int

class RobotsAuditError(Exception):
    """An audit that cannot run or finish: bad options, an input that is not a log, a report
    that cannot be written; also damaged partials and task specs."""

class Decision:
    """A verdict and what decided it."""

    @property
    def allowed(self) -> bool: ...
    @property
    def group(self) -> Optional[str]:
        """The user-agent value(s) of the group that applied (``*`` for the global group)."""
    @property
    def rule(self) -> Optional[str]:
        """The deciding line, e.g. ``Disallow: /private/``; None when no rule matched."""
    @property
    def line(self) -> Optional[int]:
        """The deciding line's number (1-based)."""
    @property
    def dialect(self) -> str:
        """``google``, ``yandex`` or ``yandex-legacy``."""
    def __bool__(self) -> bool: ...

class RobotsTxt:
    """A robots.txt file, parsed once. Safe to share between threads."""

    @staticmethod
    def parse(body: _Text, dialect: Optional[str] = None) -> "RobotsTxt":
        """Parses a body (bytes need not be UTF-8; only the first 500 KiB are read).
        ``dialect`` fixes the rules for every question; by default each crawler's own apply
        (yandex for Yandex robots, google otherwise). ``ValueError`` for an unknown dialect,
        ``TypeError`` for a body that is not str or bytes."""
    def can_fetch(self, url: _Text, user_agent: _Text, dialect: Optional[str] = None) -> bool:
        """Whether ``user_agent`` (a product token such as ``Googlebot``, or a full
        User-Agent header) may fetch ``url`` (a full URL, or a path with its query).
        ``dialect`` (``google``, ``yandex``, ``yandex-legacy``) overrides the one chosen at
        parse time or the crawler's own, as ``robots-audit check --dialect``; ``ValueError``
        for an unknown one."""
    def decide(self, url: _Text, user_agent: _Text, dialect: Optional[str] = None) -> Decision:
        """The verdict with the group, rule and line that decided it; ``dialect`` as in
        :meth:`can_fetch`."""
    def preferences(
        self, url: _Text, user_agent: _Text, dialect: Optional[str] = None
    ) -> Dict[str, bool]:
        """The AI usage preferences in force for ``url`` and ``user_agent``
        (``Content-Signal``, ``Content-Usage``): the keys set, ``ai-train``, ``ai-input``,
        ``search``, to True (yes) or False (no), both vocabularies combined (``train-ai`` is
        ``ai-train``). Empty when nothing is said, and when the URL is disallowed to a
        crawler robots.txt binds; for fetchers a person asked for (``ChatGPT-User``) their
        group's preferences apply wherever they go. ``dialect`` as in :meth:`can_fetch`."""
    def crawl_delay(self, user_agent: _Text, dialect: Optional[str] = None) -> Optional[float]:
        """The Crawl-delay of the group that applies, in seconds, or None; ``dialect`` as in
        :meth:`can_fetch`."""
    @property
    def sitemaps(self) -> List[str]:
        """The ``Sitemap:`` URLs, in file order."""
    @property
    def dialect(self) -> Optional[str]:
        """The dialect chosen at parse time, or None."""

class Crawler:
    """A crawler of the built-in registry."""

    @property
    def name(self) -> str: ...
    @property
    def operator(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def tokens(self) -> List[str]:
        """The robots.txt tokens it obeys, most specific first, lower-case."""
    @property
    def obeys_star(self) -> bool: ...
    @property
    def dialect(self) -> str: ...
    @property
    def honours_crawl_delay(self) -> bool: ...
    @property
    def obeys_robots(self) -> bool: ...
    @property
    def docs(self) -> Optional[str]: ...

def identify(user_agent: _Text) -> Optional[Crawler]:
    """The registry's crawler for a User-Agent header, or None."""

# ---- what the Spark job calls (robots_audit.spark) ---------------------------------------

def terminal(text: str) -> str:
    """Text for a terminal, as the CLI prints it: control, invisible and invalid characters
    as escapes (``\\x1b``, ``\\u{202e}``)."""

class Partial:
    """A partial audit result; merges with any other in any order."""

    def __init__(self) -> None: ...
    @staticmethod
    def from_bytes(data: Union[bytes, bytearray]) -> "Partial": ...
    def to_bytes(self) -> bytes:
        """The byte form, with the requests a task sorted to temporary files read back in;
        raises ``RobotsAuditError`` (naming the file) when one does not come back whole."""
    def merge(self, other: "Partial") -> None:
        """Adds ``other`` into this one; ``other`` is used up."""
    def input_names(self) -> List[str]: ...

class Task:
    """One executor's audit, built from :meth:`Driver.task_spec`."""

    def __init__(self, spec: Union[bytes, bytearray]) -> None: ...
    @property
    def discovering(self) -> bool: ...
    def audit(self, content: Union[bytes, bytearray], name: str) -> Partial: ...
    def discover(self, content: Union[bytes, bytearray], name: str) -> bytes: ...

class Driver:
    """The driver of a job: the run's plan, robots.txt, and the library's end of a run (the
    CLI's checks, notes and reports)."""

    def __init__(self, options: Dict[str, Any], local_inputs: Sequence[str]) -> None:
        """``options``: the CLI's options by name (dashes as underscores); raises
        ``RobotsAuditError`` for a value the CLI refuses, ``ValueError`` for an unknown
        name."""
    @property
    def needs_discovery(self) -> bool: ...
    def task_spec(self) -> bytes: ...
    def add_discovery(self, data: Union[bytes, bytearray]) -> None: ...
    def fetch(self) -> int: ...
    def finish(self, partial: Partial, names: List[str]) -> int: ...
    def discard(self) -> None:
        """Gives up the run: the previous reports stay as they were."""
    def take_messages(self) -> List[str]: ...
