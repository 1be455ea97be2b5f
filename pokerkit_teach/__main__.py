import sys

from pokerkit_teach.cli import main

sys.exit(main())
