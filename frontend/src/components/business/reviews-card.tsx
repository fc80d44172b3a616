import { countOf } from '../../lib/format.ts';
import { Stars } from '../stars.tsx';

/** Customer Reviews: the rating, how many reviews it rests on, and the link to read them on Google. */
export function ReviewsCard({ rating, reviews, reviewsLink }: { rating: number; reviews: number; reviewsLink: string | null }) {
  return (
    <section className="card reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Customer Reviews</h2>
      <div className="reviews-summary">
        <span className="big-rating">{rating.toFixed(1)}</span>
        <div>
          <Stars rating={rating} size="lg" />
          <p className="muted">{`Based on ${countOf(reviews, 'review', 'reviews')}`}</p>
        </div>
      </div>
      {reviewsLink && (
        <a href={reviewsLink} target="_blank" rel="noopener noreferrer nofollow" className="btn btn-secondary">
          View All Reviews on Google
        </a>
      )}
    </section>
  );
}
