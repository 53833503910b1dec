package io.lakegov.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpStatus;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Lets an {@code /api} operation run only for callers whose role includes the one it declares with
 * {@link RequiredRole}; an operation that declares none runs for no one.
 */
final class RoleInterceptor implements HandlerInterceptor {

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		if (!(handler instanceof HandlerMethod method)) {
			return true;
		}
		Role required = required(method);
		if (required == null) {
			throw new ApiException(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN,
					"This operation declares no role, so no one may call it.");
		}
		boolean allowed = Callers.role().map(role -> role.includes(required)).orElse(false);
		if (!allowed) {
			throw new ApiException(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN,
					"This operation needs the role " + required.id() + " or a higher one.");
		}
		return true;
	}

	static Role required(HandlerMethod method) {
		RequiredRole onMethod = AnnotatedElementUtils.findMergedAnnotation(method.getMethod(), RequiredRole.class);
		if (onMethod != null) {
			return onMethod.value();
		}
		RequiredRole onType = AnnotatedElementUtils.findMergedAnnotation(method.getBeanType(), RequiredRole.class);
		return onType == null ? null : onType.value();
	}

}
