//! The move-ordering policy's weights, fitted by `tak policy` (see `policy_fit.rs`).
//! Generated file: rerun the command below rather than editing it.
//!
//! Games: every 6x6 game recorded under /work/ext/runs (matches against Tiltak at equal time and
//! at odds, self-play), as training lines and match records; both players' moves, exact repeats
//! dropped. Ran on this machine (one core niced, the other busy): 302 s for 10 epochs (35 s idle).
//! Against Tiltak, 6x6 komi 2, 300 ms each, 100 games (--seed 1): 21.0% (+21 -79), Elo -230 +- 87,
//! where the hand-set order scored 11.0% (+11 -89) on the same openings (README, step 6).
//!
//! Command: tak policy --size 6 --epochs 10 --rate 0.1 --l2 0.00001 --hold 10 6s-fit1-tiltak-100.ptn 6s-order1-prune1.ptn 6s-prune1-tiltak.ptn 6s-prune1-v1.ptn 6s-time.ptn 6s-v1-100ms.ptn final-6s-300.ptn odds-fit2.ptn odds-fit3.ptn odds-order1.ptn tdata-a.ptn fit6/fit6-6s-300.ptn fit6/odds-6s-c.ptn fit6/odds-6s-d.ptn fit6/odds-6s-c.txt fit6/odds-6s-d.txt lmr/s6.ptn gen-6s-a.txt fit1/selfplay-100ms.txt fit1/selfplay-3000n.txt fit1/tiltak-100ms.txt fit1/tiltak-300ms.txt fit2/selfplay-100ms-b.txt fit2/selfplay-100ms.txt fit2/selfplay-3000n.txt fit2/tiltak-100ms.txt fit2/tiltak-300ms.txt fit2/tiltak-odds.txt fit3/selfplay-100ms-b.txt fit3/selfplay-100ms.txt fit3/selfplay-3000n.txt fit3/tiltak-100ms.txt fit3/tiltak-300ms.txt fit3/tiltak-odds-b.txt fit3/tiltak-odds.txt
//! 1981 games fitted, 220 held out (every 10th), 302 s.
//! Fitted:   155532 positions (107 moves each): top-1 22.8%, top-5 56.1%, top-10 72.2%, top-20 87.8%, log-likelihood -2.858; played move more than 2/4/6/8 below the best: 23.9/3.7/0.83/0.16%
//! Held out: 16980 positions (108 moves each): top-1 22.4%, top-5 56.3%, top-10 72.3%, top-20 88.2%, log-likelihood -2.853; played move more than 2/4/6/8 below the best: 23.7/3.6/0.78/0.16%

/// One weight per feature of [`super::policy`] (a logit per active feature).
pub const POLICY_WEIGHTS: [f32; 130] = [
    0.3819, -0.1176, -0.0443, -0.4966, 0.3476, 0.6040, 0.0000, -1.1445, -0.2194, 0.5761, 0.0000,
    -2.9284, -1.6116, 1.2569, 0.0000, -0.4136, 0.0391, 0.0341, 0.0664, -0.6945, -0.6600, -0.5135,
    -0.1528, -0.5380, -0.1022, -0.2294, 0.0003, -0.4890, -0.3129, -0.1091, -0.0165, -2.4316,
    -0.7317, -0.5581, -0.6025, -1.6300, 0.0310, 0.4898, -0.2395, 0.3209, 2.4814, 0.7450, -0.5959,
    -0.6030, -0.1841, 0.2650, 1.2706, -0.4648, -0.6636, -0.9855, -0.8593, -0.5435, -0.3388,
    -0.6346, -0.7307, -0.3700, 0.9382, -0.1564, -0.4742, -0.2930, 0.0351, 0.1402, -2.1174, -1.7214,
    -0.9867, -0.3975, 0.2530, -0.4990, -0.7436, -0.4080, -0.0616, 0.5666, 6.9069, 1.1787, 1.9214,
    -0.1741, 1.7303, 0.4808, 0.5468, 0.2896, -0.0564, -0.0002, -0.2488, -0.2010, -0.4089, -0.4579,
    -0.9009, -0.7701, -0.8237, 0.1938, -1.0560, -0.4080, -0.5085, -0.6964, -0.6832, -0.6922,
    -0.9016, -0.2470, -1.5367, -2.0793, -5.0692, -4.4149, -4.0442, -3.4782, -0.9825, 0.8201,
    3.1910, -0.3972, 0.8833, 2.1753, 2.0329, 0.5777, 0.8199, -0.6802, 1.3212, 0.5327, -0.4670,
    -1.7625, -1.1305, 4.9754, -2.8882, 0.3665, 0.9044, -4.5980, 0.5399, 0.8944, 1.2720, 1.0534,
    1.1710, 0.5266,
];
