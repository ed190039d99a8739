//! Temporary probe.
#[path = "../benches/workload.rs"]
mod workload;
use tromp_taylor_fast::{IllegalTurn, Point, Turn};
use workload::*;
fn main() {
    let size = 19;
    let mut stats = std::collections::BTreeMap::new();
    let mut turns = 0;
    for seed in 1..=10u64 {
        let mut e = Fast::start(size);
        let mut rng = Rng(seed);
        let n = size * size;
        let mut order: Vec<u16> = (0..n as u16).collect();
        while !e.over() {
            let mut k = n;
            let mut moved = false;
            while k > 0 {
                let i = rng.below(k);
                let p = order[i] as usize;
                let (x, y) = (p % size, p / size);
                let key = if e.fills_own_eye(x, y) {
                    "eye".to_string()
                } else {
                    match e.0.play(Turn::Move(Point::new(x, y))) {
                        Ok(()) => {
                            moved = true;
                            "ok".into()
                        }
                        Err(IllegalTurn::Occupied(_)) => "occ".into(),
                        Err(IllegalTurn::Superko { .. }) => "sk".into(),
                        Err(er) => format!("{er:?}"),
                    }
                };
                *stats.entry(key).or_insert(0usize) += 1;
                if moved {
                    break;
                }
                order.swap(i, k - 1);
                k -= 1;
            }
            if !moved {
                e.pass();
            }
            turns += 1;
        }
    }
    println!("turns {turns} {stats:?}");
}
