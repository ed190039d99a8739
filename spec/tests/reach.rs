//! Rule 3 read point by point: on random colorings, `reaches`, `clear` and
//! the score (which search each string and region once) answer exactly as a
//! path search from every single point does, the rule's words taken one
//! point at a time.

mod common;

use common::{grid, Rng, SMALL_SIZES};
use tromp_taylor_spec::rules::{clear, empty_points_reaching_only, reaches, reaching, Topology};
use tromp_taylor_spec::{Color, Coloring, Player, Rectangle};

/// Rule 3 for one point: a path search through points of P's color from P,
/// to a point of color C.
fn reaches_point_by_point(grid: &Rectangle, coloring: &Coloring, p: usize, c: Color) -> bool {
    if coloring[p] == c {
        return false;
    }
    let mut on_path = vec![p];
    let mut frontier = vec![p];
    while let Some(q) = frontier.pop() {
        for next in grid.neighbours(q) {
            if coloring[next] == c {
                return true;
            }
            if coloring[next] == coloring[p] && !on_path.contains(&next) {
                on_path.push(next);
                frontier.push(next);
            }
        }
    }
    false
}

fn random_coloring(grid: &Rectangle, rng: &mut Rng) -> Coloring {
    let diagram: String = (0..grid.height())
        .map(|_| {
            let row: String = (0..grid.width())
                .map(|_| ['X', 'O', '.'][rng.below(3)])
                .collect();
            row + "\n"
        })
        .collect();
    grid.coloring_from_diagram(&diagram).unwrap()
}

#[test]
fn each_string_and_region_answers_as_each_of_its_points() {
    let sizes = SMALL_SIZES
        .iter()
        .copied()
        .chain([(9, 9), (19, 19), (13, 5)]);
    for (w, h) in sizes {
        let g = grid(w, h);
        let mut rng = Rng::new((w * 100 + h) as u64);
        for _ in 0..30 {
            let coloring = random_coloring(&g, &mut rng);
            let n = g.point_count();
            for p in 0..n {
                for c in [Color::Black, Color::White, Color::Empty] {
                    assert_eq!(
                        reaches(&g, &coloring, p, c),
                        reaches_point_by_point(&g, &coloring, p, c),
                        "point {p} reaching {c:?}"
                    );
                }
            }
            let colors = [Color::Black, Color::White, Color::Empty];
            for (x, c) in colors.into_iter().flat_map(|x| colors.map(|c| (x, c))) {
                let reach = reaching(&g, &coloring, x, c);
                for p in 0..n {
                    let expected = coloring[p] == x && reaches_point_by_point(&g, &coloring, p, c);
                    assert_eq!(reach[p], expected, "point {p}: {x:?} reaching {c:?}");
                }
            }
            for color in [Color::Black, Color::White] {
                let cleared = clear(&g, coloring.clone(), color);
                for p in 0..n {
                    let emptied = coloring[p] == color
                        && !reaches_point_by_point(&g, &coloring, p, Color::Empty);
                    let expected = if emptied { Color::Empty } else { coloring[p] };
                    assert_eq!(cleared[p], expected, "point {p} after clearing {color:?}");
                }
            }
            for player in [Player::Black, Player::White] {
                let (her, other) = (player.color(), player.opponent().color());
                let expected = (0..n)
                    .filter(|&p| {
                        coloring[p] == Color::Empty
                            && reaches_point_by_point(&g, &coloring, p, her)
                            && !reaches_point_by_point(&g, &coloring, p, other)
                    })
                    .count();
                assert_eq!(empty_points_reaching_only(&g, &coloring, player), expected);
            }
        }
    }
}
