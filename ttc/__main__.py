"""`python -m ttc` runs the command-line driver."""

from ttc.cli.main import main

if __name__ == "__main__":
    main()
