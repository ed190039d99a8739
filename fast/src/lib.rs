//! A fast, exact Go engine under the Tromp-Taylor rules (placeholder; being written).
