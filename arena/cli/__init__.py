"""The command line: each subcommand's parser, and its options turned into plain values."""
