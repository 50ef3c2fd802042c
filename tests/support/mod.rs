#![allow(dead_code)]

pub mod brute;
pub mod naive;
