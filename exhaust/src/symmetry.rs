//! The symmetries of a board (its dihedral group: the flips and the half
//! turn of a rectangle, and the quarter turns and diagonal flips of a
//! square too), and the one coloring of each orbit an exhaustive run
//! reduced by symmetry checks, with the number of colorings it stands for.
//!
//! The reduction is exact as accounting (every legal coloring is in the
//! orbit of exactly one coloring checked, and the orbits' sizes add up to
//! L(m, n): `tests/exhaust.rs` and this module's tests); as a proof it
//! rests on both engines answering a flipped or turned position as they
//! answer the position, which a run reduced by symmetry does not check.

use super::enumerate::encode;
use tromp_taylor_harness::vocab::{Color, Size};

/// A symmetry of a board as a permutation of its point numbers: point `i`
/// goes to point `map[i]`.
pub type Symmetry = Vec<usize>;

/// The distinct symmetries of `size`, the identity first: 8 on a square
/// (of more than one point), 4 on a rectangle of two rows and columns or
/// more, 2 on a single row or column of two points or more, 1 on 1x1.
pub fn symmetries(size: Size) -> Vec<Symmetry> {
    let (w, h) = (size.width(), size.height());
    let mut all: Vec<Symmetry> = Vec::new();
    for transpose in [false, true] {
        if transpose && w != h {
            continue;
        }
        for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
            let map: Symmetry = (0..w * h)
                .map(|i| {
                    let (mut x, mut y) = (i % w, i / w);
                    if flip_x {
                        x = w - 1 - x;
                    }
                    if flip_y {
                        y = h - 1 - y;
                    }
                    if transpose {
                        (x, y) = (y, x);
                    }
                    y * w + x
                })
                .collect();
            if !all.contains(&map) {
                all.push(map);
            }
        }
    }
    all
}

/// The image of `colors` under `symmetry`.
pub fn apply(symmetry: &Symmetry, colors: &[Color]) -> Vec<Color> {
    let mut image = vec![Color::Empty; colors.len()];
    for (i, &color) in colors.iter().enumerate() {
        image[symmetry[i]] = color;
    }
    image
}

/// Where `colors` is the coloring of its orbit a reduced run checks (the
/// one of least code), the size of its orbit; else none.
pub fn orbit_if_least(symmetries: &[Symmetry], colors: &[Color]) -> Option<u64> {
    let code = encode(colors);
    let mut images: Vec<u64> = Vec::with_capacity(symmetries.len());
    for symmetry in symmetries {
        let image = encode(&apply(symmetry, colors));
        if image < code {
            return None;
        }
        images.push(image);
    }
    images.sort_unstable();
    images.dedup();
    Some(images.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::{colorings, legal_colorings};

    fn size(w: usize, h: usize) -> Size {
        Size::new(w, h).unwrap()
    }

    /// The neighbour pairs of a board, as point numbers.
    fn edges(size: Size) -> Vec<(usize, usize)> {
        let (w, h) = (size.width(), size.height());
        let mut edges = Vec::new();
        for i in 0..w * h {
            if i % w + 1 < w {
                edges.push((i, i + 1));
            }
            if i / w + 1 < h {
                edges.push((i, i + w));
            }
        }
        edges
    }

    #[test]
    fn each_board_has_its_dihedral_group_and_each_symmetry_keeps_neighbours() {
        for ((w, h), count) in [
            ((1, 1), 1),
            ((1, 5), 2),
            ((5, 1), 2),
            ((2, 3), 4),
            ((3, 3), 8),
        ] {
            let s = size(w, h);
            let all = symmetries(s);
            assert_eq!(all.len(), count, "{w}x{h}");
            assert_eq!(all[0], (0..w * h).collect::<Vec<_>>(), "the identity first");
            let mut neighbours = edges(s);
            neighbours.sort_unstable();
            for map in &all {
                let mut sorted = map.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..w * h).collect::<Vec<_>>(), "a permutation");
                let mut image: Vec<(usize, usize)> = neighbours
                    .iter()
                    .map(|&(a, b)| (map[a].min(map[b]), map[a].max(map[b])))
                    .collect();
                image.sort_unstable();
                assert_eq!(image, neighbours, "{w}x{h}: neighbours kept");
            }
        }
    }

    #[test]
    fn the_orbits_of_the_least_colorings_add_up_to_every_legal_coloring() {
        for (w, h) in [(1, 1), (1, 6), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let s = size(w, h);
            let group = symmetries(s);
            let mut least = 0;
            let mut stood_for = 0;
            for colors in legal_colorings(s, 0..colorings(s)) {
                if let Some(orbit) = orbit_if_least(&group, &colors) {
                    least += 1;
                    stood_for += orbit;
                }
            }
            let all = legal_colorings(s, 0..colorings(s)).count() as u64;
            assert_eq!(stood_for, all, "{w}x{h}");
            assert!(least * group.len() as u64 >= all && least < all || all == 1);
        }
    }
}
