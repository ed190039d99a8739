# engines/leelaz/make_tiny_net.py: writes a tiny all-zero Leela Zero network (v1 text format, 1 residual block, 8 filters) so that leelaz starts and answers GTP on CPU.
"""A tiny, all-zero weights file for Leela Zero 0.17.

Leela Zero refuses to start without a network, and the real ones are
downloads we cannot make. Its rules code (board, ko, superko, scoring) does
not depend on the network, so any network that loads will do: this one is
all zeros, so every move has the same prior and every position the same
value. The layout is Leela Zero's version 1 text format (one line per
tensor, values separated by spaces), as in Debian's README.Debian for its
"dummy" 15-block network, with 1 residual block of 8 filters:

  line 1                       the format version, 1
  input convolution            filters*18*9 weights, then filters biases,
                               batch-norm means and variances
  each residual block          two such convolutions of filters*filters*9
  policy head                  1x1 convolution to 2 planes (2*filters
                               weights, 2 biases, 2 means, 2 variances),
                               then a fully connected layer of 362*722
                               weights and 362 biases
  value head                   1x1 convolution to 1 plane (filters weights,
                               1 bias, 1 mean, 1 variance), a fully
                               connected layer of 256*361 weights and 256
                               biases, then 256 weights and 1 bias

Usage: make_tiny_net.py OUT [--filters 8] [--blocks 1]
"""

import argparse

BOARD = 19 * 19  # Leela Zero 0.17 plays 19x19 only
INPUT_PLANES = 18


def tensor_sizes(filters, blocks):
    sizes = [filters * INPUT_PLANES * 9, filters, filters, filters]
    for _ in range(2 * blocks):
        sizes += [filters * filters * 9, filters, filters, filters]
    sizes += [2 * filters, 2, 2, 2, (BOARD + 1) * 2 * BOARD, BOARD + 1]
    sizes += [filters, 1, 1, 1, 256 * BOARD, 256, 256, 1]
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--filters", type=int, default=8)
    parser.add_argument("--blocks", type=int, default=1)
    options = parser.parse_args()
    with open(options.out, "w") as f:
        f.write("1\n")
        for n in tensor_sizes(options.filters, options.blocks):
            f.write(" ".join(["0"] * n) + "\n")


if __name__ == "__main__":
    main()
