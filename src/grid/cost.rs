//! [`GridCost`]: what a grid's step costs need beyond [`Cost`].

use crate::traits::{Cost, OrderedF64};

pub(crate) mod sealed {
    pub trait Sealed {
        /// Whether every value converts to `f64` exactly and in order: the grid engine's
        /// packed keys then hold every `f`, and its other open list is never compiled.
        const PACKS: bool;
    }
}

/// A [`Cost`] that grid step costs and distance estimates can be computed in: the primitive
/// integers and [`OrderedF64`]. Sealed: it cannot be implemented outside this crate.
///
/// # Examples
///
/// ```
/// use heurist::grid::GridCost;
/// use heurist::OrderedF64;
///
/// assert_eq!(14142u32.times(3), 42426);
/// assert_eq!(u8::MAX.times(2), u8::MAX); // saturates
/// assert_eq!(u32::from_f64_floor(2.9), 2);
/// assert_eq!(OrderedF64(0.5).times(3), OrderedF64(1.5));
/// ```
pub trait GridCost: Cost + sealed::Sealed {
    /// `self` added `n` times (`self * n`), saturating.
    fn times(self, n: u32) -> Self;

    /// `x` as this type, rounded down for integers (so that an estimate stays admissible)
    /// and clamped to the type's range; NaN gives zero.
    fn from_f64_floor(x: f64) -> Self;
}

macro_rules! int_grid_cost {
    ($($t:ty => $packs:expr),*) => {$(
        impl sealed::Sealed for $t {
            const PACKS: bool = $packs;
        }
        impl GridCost for $t {
            #[inline]
            fn times(self, n: u32) -> Self {
                match <$t>::try_from(n) {
                    Ok(n) => self.saturating_mul(n),
                    Err(_) if self == 0 => 0,
                    Err(_) if self > 0 => <$t>::MAX,
                    Err(_) => <$t>::MIN,
                }
            }
            #[inline]
            fn from_f64_floor(x: f64) -> Self {
                x.floor() as $t
            }
        }
    )*};
}
int_grid_cost!(
    u8 => true,
    u16 => true,
    u32 => true,
    u64 => false,
    u128 => false,
    usize => false,
    i8 => true,
    i16 => true,
    i32 => true,
    i64 => false,
    i128 => false,
    isize => false
);

impl sealed::Sealed for OrderedF64 {
    const PACKS: bool = true;
}
impl GridCost for OrderedF64 {
    #[inline]
    fn times(self, n: u32) -> Self {
        OrderedF64(self.0 * f64::from(n))
    }
    #[inline]
    fn from_f64_floor(x: f64) -> Self {
        OrderedF64(if x.is_nan() { 0.0 } else { x })
    }
}
