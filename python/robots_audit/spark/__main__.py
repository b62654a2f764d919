"""``python -m robots_audit.spark``: see :mod:`robots_audit.spark`."""

import sys

from robots_audit.spark import main

if __name__ == "__main__":
    sys.exit(main())
