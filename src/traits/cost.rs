use std::cmp::Ordering;
use std::fmt;

/// A path cost: a value with a zero, an addition and a total order.
///
/// Implemented for every primitive integer type and for [`OrderedF64`]. Costs of single
/// steps must not be negative for Dijkstra, A* and IDA* to be optimal; unsigned types
/// make that impossible to get wrong.
///
/// Addition saturates instead of overflowing, so a search never panics on huge costs.
///
/// # Examples
///
/// ```
/// use heurist::Cost;
///
/// assert_eq!(u32::ZERO, 0);
/// assert_eq!(Cost::saturating_add(u8::MAX, 1), u8::MAX);
/// assert_eq!(7u64.to_f64(), 7.0);
/// ```
pub trait Cost: Copy + Ord + fmt::Debug {
    /// The cost of doing nothing.
    const ZERO: Self;

    /// `self + rhs`, clamped to the type's range instead of overflowing.
    fn saturating_add(self, rhs: Self) -> Self;

    /// The cost as a float, used by weighted A* to compute `g + w·h`.
    fn to_f64(self) -> f64;
}

macro_rules! int_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn saturating_add(self, rhs: Self) -> Self {
                <$t>::saturating_add(self, rhs)
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
int_cost!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// An `f64` with a total order, so that real numbers can be used as costs.
///
/// Ordering follows [`f64::total_cmp`]: it is a total order even with NaN and signed zeros
/// (`-0.0 < +0.0`, and positive NaN sorts above every number).
///
/// # Examples
///
/// ```
/// use heurist::{Cost, OrderedF64};
///
/// let a = OrderedF64(0.5);
/// let b = OrderedF64::from(1.25);
/// assert!(a < b);
/// assert_eq!(Cost::saturating_add(a, b), OrderedF64(1.75));
/// assert_eq!(OrderedF64::ZERO.0, 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OrderedF64(pub f64);

impl PartialEq for OrderedF64 {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for OrderedF64 {}
impl PartialOrd for OrderedF64 {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OrderedF64 {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}
impl std::hash::Hash for OrderedF64 {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state)
    }
}
impl From<f64> for OrderedF64 {
    fn from(x: f64) -> Self {
        OrderedF64(x)
    }
}
impl fmt::Display for OrderedF64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
impl Cost for OrderedF64 {
    const ZERO: Self = OrderedF64(0.0);
    #[inline]
    fn saturating_add(self, rhs: Self) -> Self {
        OrderedF64(self.0 + rhs.0)
    }
    #[inline]
    fn to_f64(self) -> f64 {
        self.0
    }
}
