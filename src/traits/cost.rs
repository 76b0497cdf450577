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
/// `f64` is not a `Cost`, since it has no total order (NaN): wrap real numbers in
/// [`OrderedF64`], whose documentation says what rounding does to a search.
///
/// # Examples
///
/// ```
/// use heurist::Cost;
///
/// assert_eq!(u32::ZERO, 0);
/// assert_eq!(Cost::saturating_add(u8::MAX, 1), u8::MAX);
/// assert_eq!(7u64.to_f64(), 7.0);
/// assert_eq!((7u64.to_index(), (-1i32).to_index()), (Some(7), None));
/// assert_eq!(heurist::OrderedF64(2.5).to_index(), None);
/// ```
///
/// A bare `f64` does not compile as a cost; the error names [`OrderedF64`]:
///
/// ```compile_fail
/// let p = heurist::FnProblem::with_costs(|n: &u32| *n == 3, |n: &u32| [(n + 1, 0.5f64)]);
/// heurist::dijkstra(&p, 0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a search cost",
    label = "not a `heurist::Cost`",
    note = "costs are the integer types and `heurist::OrderedF64`; for real numbers write `OrderedF64(x)` or `x.into()`"
)]
pub trait Cost: Copy + Ord + fmt::Debug {
    /// The cost of doing nothing.
    const ZERO: Self;

    /// `self + rhs`, clamped to the type's range instead of overflowing.
    fn saturating_add(self, rhs: Self) -> Self;

    /// The cost as a float, used by weighted A* to compute `g + w·h`.
    fn to_f64(self) -> f64;

    /// The cost as an index, if it is a whole number from 0 to below 10<sup>9</sup>: the
    /// bucket queue ([`OpenList::Buckets`](crate::OpenList::Buckets)) files such costs
    /// directly. The default goes through [`to_f64`](Cost::to_f64); the integer types
    /// convert without it.
    #[inline]
    fn to_index(self) -> Option<usize> {
        let x = self.to_f64();
        // (-0.0 sorts below 0.0, so it stays out)
        (x.is_sign_positive() && x < 1e9 && x.fract() == 0.0).then_some(x as usize)
    }
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
            #[inline(always)]
            fn to_index(self) -> Option<usize> {
                usize::try_from(self).ok().filter(|&i| i < 1_000_000_000)
            }
        }
    )*};
}
int_cost!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// An `f64` with a total order, so that real numbers can be used as costs.
///
/// Ordering follows [`f64::total_cmp`]: it is a total order even with NaN and signed zeros
/// (`-0.0 < +0.0`, and positive NaN sorts above every number). The arithmetic operators
/// work as on `f64`, between two `OrderedF64` and with a plain `f64` on the right.
///
/// # Rounding
///
/// Every search is exact in the arithmetic it is given: Dijkstra's algorithm and A\*
/// return a path whose cost, summed in floating point step by step, is the least such sum,
/// and no state is lost to rounding. But floating-point sums depend on their order:
/// `0.1 + 0.2` is `0.30000000000000004`, not `0.3`, and on a grid with steps of 1 and
/// `sqrt(2)` two paths of the same length in exact arithmetic often differ by an ulp. A
/// state reached first by the path that is an ulp dearer is then improved later, and if
/// it was already expanded, A\* expands it again ([`Stats::reopened`](crate::Stats)): on
/// city maps with octile costs, up to a quarter of the expansions. Where that matters,
/// scale the costs to integers (a straight step 10,000 and a diagonal 14,142, say): sums of
/// integers do not depend on their order, so nothing is reopened that need not be, and the
/// answer is within the scale's rounding of the real one.
///
/// # Examples
///
/// ```
/// use heurist::{Cost, OrderedF64};
///
/// let a = OrderedF64(0.5);
/// let b = OrderedF64::from(1.25);
/// assert!(a < b);
/// assert_eq!(a + b, OrderedF64(1.75));
/// assert_eq!(b * 2.0 - a, OrderedF64(2.0));
/// assert_eq!(Cost::saturating_add(a, b), OrderedF64(1.75));
/// assert_eq!(OrderedF64::ZERO.0, 0.0);
/// let x: f64 = b.into();
/// assert_eq!(x, 1.25);
/// assert_eq!(OrderedF64(0.1) + OrderedF64(0.2), OrderedF64(0.30000000000000004));
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
/// A small whole number, exactly: the unit step of [`FnProblem::unit_cost`](crate::FnProblem::unit_cost).
impl From<u8> for OrderedF64 {
    fn from(x: u8) -> Self {
        OrderedF64(f64::from(x))
    }
}
impl From<OrderedF64> for f64 {
    fn from(x: OrderedF64) -> f64 {
        x.0
    }
}

/// The arithmetic operators of `f64`, for `OrderedF64` on both sides and `f64` on the right.
macro_rules! float_ops {
    ($($op:ident $method:ident $assign:ident $assign_method:ident),*) => {$(
        impl std::ops::$op for OrderedF64 {
            type Output = OrderedF64;
            #[inline]
            fn $method(self, rhs: OrderedF64) -> OrderedF64 {
                OrderedF64(std::ops::$op::$method(self.0, rhs.0))
            }
        }
        impl std::ops::$op<f64> for OrderedF64 {
            type Output = OrderedF64;
            #[inline]
            fn $method(self, rhs: f64) -> OrderedF64 {
                OrderedF64(std::ops::$op::$method(self.0, rhs))
            }
        }
        impl std::ops::$assign for OrderedF64 {
            #[inline]
            fn $assign_method(&mut self, rhs: OrderedF64) {
                std::ops::$assign::$assign_method(&mut self.0, rhs.0)
            }
        }
        impl std::ops::$assign<f64> for OrderedF64 {
            #[inline]
            fn $assign_method(&mut self, rhs: f64) {
                std::ops::$assign::$assign_method(&mut self.0, rhs)
            }
        }
    )*};
}
float_ops!(
    Add add AddAssign add_assign,
    Sub sub SubAssign sub_assign,
    Mul mul MulAssign mul_assign,
    Div div DivAssign div_assign
);

impl std::ops::Neg for OrderedF64 {
    type Output = OrderedF64;
    #[inline]
    fn neg(self) -> OrderedF64 {
        OrderedF64(-self.0)
    }
}

impl std::iter::Sum for OrderedF64 {
    fn sum<I: Iterator<Item = OrderedF64>>(iter: I) -> OrderedF64 {
        OrderedF64(iter.map(|x| x.0).sum())
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
